// libcurl, loaded the first time Foundation's URLSession calls it instead of when Tripboard starts.
//
// The release build links Foundation statically, and its networking part calls 23 functions of
// libcurl. Linked as usual, libcurl and the 13 libraries only it needs (OpenSSL, GnuTLS, LDAP,
// SASL, SSH, RTMP…) are loaded and started before `main` at every launch, the window's and every
// command's, though the built-in demo never uses the network. Each of those functions is defined
// here instead: the first call loads libcurl (`dlopen`, on the worker or URLSession thread that
// makes the request, not the window's) and every call goes on to libcurl's own. Nothing in the
// binary then binds to libcurl, and the Makefile takes it off the libraries the binary names
// (RELEASE_TRIPBOARD). A debug build links Foundation as shared libraries, whose networking part
// binds libcurl itself: there these functions go unused.
//
// Three of them take a variable argument: libcurl reads it as a long, a pointer, a function
// pointer or a curl_off_t, all the size of a pointer and passed alike on the 64-bit ABIs Tripboard
// builds for, so it is passed on as one.

#define CURL_DISABLE_TYPECHECK  // curl.h would otherwise define curl_easy_setopt and kin as macros
#include <curl/curl.h>
#include "on-demand.h"
#include <stdarg.h>

_Static_assert(sizeof(long) == sizeof(void *) && sizeof(curl_off_t) == sizeof(void *),
               "a variable argument is passed on as one pointer-sized value");

// The functions that return a value: F(returned type, name, parameters, arguments).
#define RETURNING(F)                                                                                       \
    F(CURLcode, curl_global_init, (long flags), (flags))                                                   \
    F(char *, curl_version, (void), ())                                                                    \
    F(curl_version_info_data *, curl_version_info, (CURLversion stamp), (stamp))                           \
    F(const char *, curl_easy_strerror, (CURLcode code), (code))                                           \
    F(CURL *, curl_easy_init, (void), ())                                                                  \
    F(CURLcode, curl_easy_pause, (CURL *handle, int bitmask), (handle, bitmask))                           \
    F(CURLM *, curl_multi_init, (void), ())                                                                \
    F(CURLMcode, curl_multi_cleanup, (CURLM *multi), (multi))                                              \
    F(CURLMcode, curl_multi_add_handle, (CURLM *multi, CURL *handle), (multi, handle))                     \
    F(CURLMcode, curl_multi_remove_handle, (CURLM *multi, CURL *handle), (multi, handle))                  \
    F(CURLMcode, curl_multi_assign, (CURLM *multi, curl_socket_t socket, void *pointer),                   \
      (multi, socket, pointer))                                                                            \
    F(CURLMcode, curl_multi_socket_action, (CURLM *multi, curl_socket_t socket, int events, int *running), \
      (multi, socket, events, running))                                                                    \
    F(CURLMsg *, curl_multi_info_read, (CURLM *multi, int *queued), (multi, queued))                       \
    F(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *text), (list, text))   \
    F(CURLU *, curl_url, (void), ())                                                                       \
    F(CURLUcode, curl_url_set, (CURLU *url, CURLUPart part, const char *text, unsigned int flags),         \
      (url, part, text, flags))                                                                            \
    F(CURLUcode, curl_url_get, (CURLU *url, CURLUPart part, char **text, unsigned int flags),              \
      (url, part, text, flags))

// The functions that return nothing.
#define RETURNING_NOTHING(F)                                                 \
    F(void, curl_easy_cleanup, (CURL *handle), (handle))                     \
    F(void, curl_slist_free_all, (struct curl_slist *list), (list))          \
    F(void, curl_free, (void *pointer), (pointer))

// The functions with a variable argument after two others: F(returned type, name, first, second).
#define TAKING_ONE_MORE(F)                                   \
    F(CURLcode, curl_easy_setopt, CURL *, CURLoption)        \
    F(CURLcode, curl_easy_getinfo, CURL *, CURLINFO)         \
    F(CURLMcode, curl_multi_setopt, CURLM *, CURLMoption)

// libcurl's own functions, found once.
static struct {
#define FIELD(type, name, parameters, arguments) type (*name) parameters;
#define VARIADIC_FIELD(type, name, first, second) type (*name)(first, second, ...);
    RETURNING(FIELD)
    RETURNING_NOTHING(FIELD)
    TAKING_ONE_MORE(VARIADIC_FIELD)
#undef FIELD
#undef VARIADIC_FIELD
} real;

static pthread_once_t loading = PTHREAD_ONCE_INIT;

/// Loads libcurl and finds its functions. Without them Tripboard cannot reach a live service,
/// and URLSession cannot be told so (on_demand_open and on_demand_find say so, and stop).
static void load(void) {
    void *library = on_demand_open("libcurl.so.4", "the network");
#define FIND(type, name, ...) *(void **)&real.name = on_demand_find(library, "libcurl.so.4", #name);
    RETURNING(FIND)
    RETURNING_NOTHING(FIND)
    TAKING_ONE_MORE(FIND)
#undef FIND
}

/// The variable argument is passed on as the one pointer-sized value it is.
#define FORWARD_ONE_MORE(type, name, first, second) \
    type name(first a, second b, ...) {             \
        va_list more;                               \
        va_start(more, b);                          \
        void *argument = va_arg(more, void *);      \
        va_end(more);                               \
        pthread_once(&loading, load);               \
        return real.name(a, b, argument);           \
    }

RETURNING(ON_DEMAND_FORWARD)
RETURNING_NOTHING(ON_DEMAND_FORWARD_NOTHING)
TAKING_ONE_MORE(FORWARD_ONE_MORE)
