#include <libxml/xmlversion.h>
// Foundation brings its own ICU; keep libxml2's headers from including the system one.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlerror.h>

static const int linkcontract_html_parse_options =
    HTML_PARSE_NODEFDTD | HTML_PARSE_NONET | HTML_PARSE_NOBLANKS | HTML_PARSE_NOIMPLIED;
