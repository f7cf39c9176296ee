#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>

// libcurl is loaded when the first request is made, not when linkcontract starts: its
// dependencies (TLS, Kerberos, LDAP, ...) are some thirty shared libraries, and loading them
// cost every command, a site build among them, about 7 ms. The functions are looked up once
// into this table; curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call, so each argument kind linkcontract passes has a typed wrapper below.
typedef struct {
  CURLcode (*_Nonnull global_init)(long flags);
  CURL *(*_Nonnull easy_init)(void);
  void (*_Nonnull easy_cleanup)(CURL *curl);
  CURLcode (*_Nonnull easy_perform)(CURL *curl);
  const char *(*_Nonnull easy_strerror)(CURLcode code);
  CURLcode (*_Nonnull easy_setopt)(CURL *curl, CURLoption option, ...);
  CURLcode (*_Nonnull easy_getinfo)(CURL *curl, CURLINFO info, ...);
} linkcontract_curl_api;

typedef size_t (*linkcontract_curl_write)(char *data, size_t size, size_t count, void *context);

// The table from libcurl.so.4, or NULL with dlerror()'s reason in `reason`. Call it once.
static inline const linkcontract_curl_api *linkcontract_curl_load(const char **reason) {
  static linkcontract_curl_api api;
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *error = dlerror();
    *reason = error != NULL ? error : "libcurl.so.4 could not be loaded";
    return NULL;
  }
  void *found[7];
  const char *names[7] = {"curl_global_init", "curl_easy_init", "curl_easy_cleanup", "curl_easy_perform",
                          "curl_easy_strerror", "curl_easy_setopt", "curl_easy_getinfo"};
  for (int index = 0; index < 7; index++) {
    found[index] = dlsym(library, names[index]);
    if (found[index] == NULL) {
      *reason = "libcurl.so.4 lacks a function linkcontract calls";
      return NULL;
    }
  }
  api.global_init = (CURLcode(*)(long))found[0];
  api.easy_init = (CURL * (*)(void)) found[1];
  api.easy_cleanup = (void (*)(CURL *))found[2];
  api.easy_perform = (CURLcode(*)(CURL *))found[3];
  api.easy_strerror = (const char *(*)(CURLcode))found[4];
  api.easy_setopt = (CURLcode(*)(CURL *, CURLoption, ...))found[5];
  api.easy_getinfo = (CURLcode(*)(CURL *, CURLINFO, ...))found[6];
  return &api;
}

static inline CURLcode linkcontract_curl_set_long(
    const linkcontract_curl_api *api, CURL *curl, CURLoption option, long value) {
  return api->easy_setopt(curl, option, value);
}
static inline CURLcode linkcontract_curl_set_string(
    const linkcontract_curl_api *api, CURL *curl, CURLoption option, const char *value) {
  return api->easy_setopt(curl, option, value);
}
static inline CURLcode linkcontract_curl_set_pointer(
    const linkcontract_curl_api *api, CURL *curl, CURLoption option, void *value) {
  return api->easy_setopt(curl, option, value);
}
static inline CURLcode linkcontract_curl_set_writer(
    const linkcontract_curl_api *api, CURL *curl, linkcontract_curl_write writer) {
  return api->easy_setopt(curl, CURLOPT_WRITEFUNCTION, writer);
}
static inline CURLcode linkcontract_curl_get_long(
    const linkcontract_curl_api *api, CURL *curl, CURLINFO info, long *value) {
  return api->easy_getinfo(curl, info, value);
}
static inline CURLcode linkcontract_curl_get_off_t(
    const linkcontract_curl_api *api, CURL *curl, CURLINFO info, curl_off_t *value) {
  return api->easy_getinfo(curl, info, value);
}
static inline CURLcode linkcontract_curl_get_string(
    const linkcontract_curl_api *api, CURL *curl, CURLINFO info, char **value) {
  return api->easy_getinfo(curl, info, value);
}
