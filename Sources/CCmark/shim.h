#include <cmark.h>

// Without CMARK_OPT_VALIDATE_UTF8: cmark reads only Swift strings, which are UTF-8 already.
static const int linkcontract_cmark_options = CMARK_OPT_SOURCEPOS;
