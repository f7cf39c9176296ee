#include <cmark.h>

static const int linkcontract_cmark_options = CMARK_OPT_SOURCEPOS | CMARK_OPT_VALIDATE_UTF8;
