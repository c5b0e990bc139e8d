/* A grk plugin module written in C against abi.h alone (no C++ SDK), so the
   ABI is proven usable from C. Built four ways by CMakeLists.txt:
   - against the frozen SDK 1.0.0 headers in abi-1.0/ (a plugin from the first
     release, which every later host must keep loading);
   - declaring the next SDK minor (FIXTURE_SDK_MINOR_AHEAD=1), which a host
     must refuse with both versions in the message;
   - for the next ABI (FIXTURE_ABI_AHEAD=1), refused from its symbol alone;
   - with grown structs (FIXTURE_GROWN=1): descriptor and component entries
     larger than ABI 1.0's, as a later minor appends fields, so readers must
     honour struct_size and the component_size stride.
   The current headers export the entry with GRK_C_PLUGIN_ENTRY, as a C author
   does. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <grk/abi.h>

#ifndef FIXTURE_MODULE_NAME
#error "define FIXTURE_MODULE_NAME"
#endif
#ifndef FIXTURE_SDK_MINOR_AHEAD
#define FIXTURE_SDK_MINOR_AHEAD 0
#endif
#ifndef FIXTURE_GROWN
#define FIXTURE_GROWN 0
#endif
/* The wrong-ABI fixture exports grk_plugin_v2 and says ABI 2, SDK 2.x. */
#ifndef FIXTURE_ABI_AHEAD
#define FIXTURE_ABI_AHEAD 0
#endif

/* True when the host's table (of whatever minor) holds `field`. */
#define HOST_HAS(host, field) \
  ((host)->struct_size >= offsetof(grk_host_api, field) + sizeof((host)->field) && (host)->field != NULL)

static const char echo_params[] =
    "[{\"name\":\"label\",\"type\":\"string\",\"required\":true,"
    "\"description\":\"any text; echoed back inside the result\"}]";

static int32_t fail(const grk_host_api* host, void* ctx, int32_t status, const char* message) {
  host->set_error(ctx, status, message, strlen(message));
  return status;
}

/* Returns {"language":"C","built_with_sdk":"<version.h>","params":<params>}:
   the parameters come back exactly as the host sent them. */
static int32_t echo_invoke(const char* params, size_t len, const grk_host_api* host, void* ctx) {
  static const char head[] = "{\"language\":\"C\",\"built_with_sdk\":\"" GRK_SDK_VERSION_STRING "\",\"params\":";
  char result[4096];
  size_t used = sizeof head - 1;
  if (host == NULL || !HOST_HAS(host, set_error) || !HOST_HAS(host, set_result)) {
    return GRK_STATUS_INVALID_ARGUMENT;
  }
  if (params == NULL || used + len + 1 > sizeof result) {
    return fail(host, ctx, GRK_STATUS_INVALID_ARGUMENT, "parameters too long for the C fixture");
  }
  memcpy(result, head, used);
  memcpy(result + used, params, len);
  used += len;
  result[used++] = '}';
  if (HOST_HAS(host, progress)) host->progress(ctx, "echo", 1, 1, (uint64_t)len);
  if (HOST_HAS(host, log)) host->log(ctx, GRK_LOG_DEBUG, "echoing", 7);
  host->set_result(ctx, result, used);
  if (HOST_HAS(host, set_summary)) host->set_summary(ctx, "echoed by a C plugin", 20);
  return GRK_STATUS_OK;
}

static int32_t refuse_invoke(const char* params, size_t len, const grk_host_api* host, void* ctx) {
  (void)params;
  (void)len;
  if (host == NULL || !HOST_HAS(host, set_error)) return GRK_STATUS_INVALID_ARGUMENT;
  return fail(host, ctx, GRK_STATUS_INVALID_DATA, "refused by a C plugin");
}

#if defined(GRK_C_PLUGIN_ENTRY)
/* The current headers (SDK 1.1.0 and later) have grk_component.validate:
   c-echo refuses the label "refused-before-the-run" before any step runs.
   The frozen 1.0 build has no such slot, and its c-echo echoes that label
   like any other. */
static int32_t echo_validate(const char* params, size_t len, const grk_host_api* host, void* ctx) {
  static const char refused[] = "\"label\":\"refused-before-the-run\"";
  size_t i;
  if (host == NULL || !HOST_HAS(host, set_error)) return GRK_STATUS_INVALID_ARGUMENT;
  for (i = 0; params != NULL && i + sizeof refused - 1 <= len; ++i) {
    if (memcmp(params + i, refused, sizeof refused - 1) == 0) {
      return fail(host, ctx, GRK_STATUS_INVALID_ARGUMENT, "label 'refused-before-the-run' is refused by validate");
    }
  }
  return GRK_STATUS_OK;
}
#define ECHO_VALIDATE , echo_validate
#define NO_VALIDATE , NULL
#else
#define ECHO_VALIDATE
#define NO_VALIDATE
#endif

#if FIXTURE_GROWN
typedef struct component_entry {
  grk_component base;
  const char* appended_text; /* what a later minor might add */
  uint64_t appended_number;
} component_entry;
typedef struct module_record {
  grk_module base;
  uint64_t appended_field;
} module_record;
#define ENTRY(...) {{__VA_ARGS__}, "appended", 42u}
#define RECORD(...) {{__VA_ARGS__}, 7u}
#else
typedef struct component_entry {
  grk_component base;
} component_entry;
typedef struct module_record {
  grk_module base;
} module_record;
#define ENTRY(...) {{__VA_ARGS__}}
#define RECORD(...) {{__VA_ARGS__}}
#endif

static const component_entry components[2] = {
    ENTRY((uint32_t)sizeof(component_entry), GRK_KIND_STATISTIC, "c-echo",
          "returns the parameters it was given, from a C plugin", echo_params, echo_invoke ECHO_VALIDATE),
    ENTRY((uint32_t)sizeof(component_entry), GRK_KIND_DATASET_ADAPTER, "c-refuse",
          "always fails with invalid-data", "[]", refuse_invoke NO_VALIDATE),
};

static const module_record record = RECORD(
    (uint32_t)sizeof(module_record), GRK_ABI_VERSION + FIXTURE_ABI_AHEAD,
    GRK_SDK_VERSION_MAJOR + FIXTURE_ABI_AHEAD,
    GRK_SDK_VERSION_MINOR + FIXTURE_SDK_MINOR_AHEAD, GRK_SDK_VERSION_PATCH, FIXTURE_MODULE_NAME,
    "1.0.0", 2u, (uint32_t)sizeof(component_entry), &components[0].base);

static const grk_module* entry(void) { return &record.base; }

#if FIXTURE_ABI_AHEAD
/* What GRK_C_PLUGIN_ENTRY(entry) emits for the next ABI: an exported
   variable, in section "grk", holding the entry function's address. */
__attribute__((visibility("default"), section(GRK_ENTRY_SECTION))) grk_entry_fn grk_plugin_v2 = &entry;
#elif !defined(GRK_C_PLUGIN_ENTRY)
/* The first release's abi.h (abi-1.0/) had no GRK_C_PLUGIN_ENTRY: its
   plugins wrote out what BOOST_DLL_ALIAS_SECTIONED(entry, grk_plugin_v1, grk)
   emits. */
__attribute__((visibility("default"), section(GRK_ENTRY_SECTION))) grk_entry_fn grk_plugin_v1 = &entry;
#else
GRK_C_PLUGIN_ENTRY(entry);
#endif
