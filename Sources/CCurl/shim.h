#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per argument kind linkcontract passes.
typedef size_t (*linkcontract_curl_write)(char *data, size_t size, size_t count, void *context);

static inline CURLcode linkcontract_curl_set_long(CURL *curl, CURLoption option, long value) {
  return curl_easy_setopt(curl, option, value);
}
static inline CURLcode linkcontract_curl_set_string(CURL *curl, CURLoption option, const char *value) {
  return curl_easy_setopt(curl, option, value);
}
static inline CURLcode linkcontract_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
  return curl_easy_setopt(curl, option, value);
}
static inline CURLcode linkcontract_curl_set_writer(CURL *curl, linkcontract_curl_write writer) {
  return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, writer);
}
static inline CURLcode linkcontract_curl_get_long(CURL *curl, CURLINFO info, long *value) {
  return curl_easy_getinfo(curl, info, value);
}
static inline CURLcode linkcontract_curl_get_string(CURL *curl, CURLINFO info, char **value) {
  return curl_easy_getinfo(curl, info, value);
}
