/* grk plugin C ABI, version 1: the only thing that crosses between a plugin
   module and its host (docs/design.md §1.2).

   Rules that keep it stable:
   - Only fixed-width integers, const char* (UTF-8) and function pointers
     cross; structured data crosses as JSON text.
   - Every struct starts with its own size and only ever grows at the end.
     A reader never touches a field past the size the writer declared.
   - GRK_ABI_VERSION changes only when an existing field or signature changes.
     It is part of the entry symbol's name, so a host can tell an incompatible
     module from its symbol table alone, without running any of its code.
   - Whoever allocates, frees: results and messages go to the host through the
     callbacks below and are copied there before the callback returns.

   This header compiles as C89 and as C++. */
#ifndef GRK_ABI_H
#define GRK_ABI_H

#include <stddef.h>
#include <stdint.h>

#include <grk/version.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GRK_ABI_VERSION 1

/* The exported entry symbol and the section that holds it. The section lets
   a host list entry symbols with a symbol-table read (Boost.DLL's
   library_info) instead of loading the module. */
#define GRK_ENTRY_SYMBOL "grk_plugin_v1"
#define GRK_ENTRY_SYMBOL_PREFIX "grk_plugin_v"
#define GRK_ENTRY_SECTION "grk"

/* Status of a component call. A small canonical set, after Abseil's codes;
   pick the most specific. Hosts must treat unknown values as INTERNAL. */
typedef enum grk_status {
  GRK_STATUS_OK = 0,
  /* The parameters are wrong: unknown, missing, wrong type, out of range. */
  GRK_STATUS_INVALID_ARGUMENT = 1,
  /* The input data is malformed or violates its format's rules. */
  GRK_STATUS_INVALID_DATA = 2,
  /* An input the parameters name does not exist. */
  GRK_STATUS_NOT_FOUND = 3,
  /* The environment refuses the action (an output folder is not empty, a
     path is a symbolic link). */
  GRK_STATUS_FAILED_PRECONDITION = 4,
  /* Reading or writing failed in the operating system. */
  GRK_STATUS_IO_ERROR = 5,
  /* The component does not implement what was asked. */
  GRK_STATUS_UNIMPLEMENTED = 6,
  /* A bug: an unexpected exception or broken invariant inside the plugin. */
  GRK_STATUS_INTERNAL = 7,
  /* Added in SDK 1.2. The host asked the call to stop (the user pressed
     Ctrl-C, see grk_host_api.cancelled): the component stopped, removed
     what it had staged, and wrote nothing. An older host shows it as
     INTERNAL, but never asks for it. */
  GRK_STATUS_CANCELLED = 8,
  /* Forces switch statements to have a default; never returned. */
  GRK_STATUS_RESERVED_ = 0x7fffffff
} grk_status;

typedef enum grk_kind {
  GRK_KIND_STATISTIC = 1,
  GRK_KIND_DATASET_ADAPTER = 2
} grk_kind;

typedef enum grk_log_level {
  GRK_LOG_DEBUG = 0,
  GRK_LOG_INFO = 1,
  GRK_LOG_WARNING = 2
} grk_log_level;

/* Services the host gives a component for the duration of one invoke call.
   `ctx` is the host's opaque per-call context; pass it back unchanged. */
typedef struct grk_host_api {
  uint32_t struct_size; /* sizeof(grk_host_api) as the host compiled it */
  uint32_t abi_version; /* GRK_ABI_VERSION of the host */
  /* The component's result: one JSON value, UTF-8. Call at most once. */
  void (*set_result)(void* ctx, const char* json, size_t len);
  /* The failure of the call: status and a one-line UTF-8 message. */
  void (*set_error)(void* ctx, int32_t status, const char* message, size_t len);
  /* One human-readable line that sums up the result (optional). */
  void (*set_summary)(void* ctx, const char* text, size_t len);
  /* A diagnostic line for the user (grk_log_level). */
  void (*log)(void* ctx, int32_t level, const char* message, size_t len);
  /* Progress of a long phase: `done` of `total` units (total 0 = unknown),
     and `bytes` processed so far (0 = not measured). The host decides whether
     and how to show it; calling it is always cheap. */
  void (*progress)(void* ctx, const char* phase, uint64_t done, uint64_t total, uint64_t bytes);
  /* Added in SDK 1.1. What the user can do about the failure reported with
     set_error (the file and line it came from, the value, the option that
     resolves it): UTF-8 text, kept apart from the message, which stays
     exact. Call it after set_error, at most once. A module of SDK 1.1 checks
     struct_size before calling it: an SDK 1.0 host's table ends before it. */
  void (*set_hint)(void* ctx, const char* text, size_t len);
  /* Added in SDK 1.2. Nonzero once the host wants the call to stop (its
     user pressed Ctrl-C or it was sent SIGTERM). Long components poll it,
     at least every few hundred milliseconds of work; one that sees it stops,
     removes what it staged, and fails with GRK_STATUS_CANCELLED. Cheap: a
     read of a flag, and the one service that may be called from any thread
     of the call. A module checks struct_size before calling it: an older
     host's table ends before it, and such a host never cancels. */
  int32_t (*cancelled)(void* ctx);
} grk_host_api;

/* One statistic or dataset adapter. */
typedef struct grk_component {
  uint32_t struct_size; /* sizeof(grk_component) as the plugin compiled it */
  int32_t kind;         /* grk_kind */
  const char* name;     /* lowercase kebab-case, unique among loaded modules */
  const char* description; /* one line */
  /* The declared parameters, a JSON array of
     {"name", "type", "required", "default"?, "description"} objects;
     "type" is one of string, integer, number, boolean, path, object, paths
     (paths: an object whose values are paths; added after SDK 1.0.0: an older
     host refuses a module declaring it as an invalid descriptor). A string
     parameter may add "choices", a non-empty array of its allowed values
     (SDK 1.1.0; a host that does not know the key ignores it, and the SDK's
     invoke checks the values itself). */
  const char* params_json;
  /* Runs the component on a JSON object of parameters. Reports through the
     host table and returns the same status it reported (GRK_STATUS_OK after
     set_result). Never throws, never aborts on bad input. */
  int32_t (*invoke)(const char* params_json, size_t params_len, const grk_host_api* host,
                    void* ctx);
  /* Added in SDK 1.1.0; a host reads it only when the module's component_size
     and this struct_size cover it. Optional (NULL: none): checks the
     parameters before any step of a run starts, with invoke's arguments and
     contract, but reports only a failure (set_error; never set_result) and
     must be cheap and leave no trace (no output written). GRK_STATUS_OK: no
     objection found; invoke still checks everything itself. */
  int32_t (*validate)(const char* params_json, size_t params_len, const grk_host_api* host,
                      void* ctx);
} grk_component;

/* What a module's entry function returns: static, valid while the module is
   loaded. */
typedef struct grk_module {
  uint32_t struct_size; /* sizeof(grk_module) as the plugin compiled it */
  uint32_t abi_version; /* GRK_ABI_VERSION the plugin was built with */
  uint32_t sdk_version_major;
  uint32_t sdk_version_minor;
  uint32_t sdk_version_patch;
  const char* name;    /* module name, e.g. "significance" */
  const char* version; /* module version, semantic */
  uint32_t component_count;
  /* Stride of `components`: sizeof(grk_component) as the plugin compiled it,
     so a host can walk an array whose element grew in a later minor. */
  uint32_t component_size;
  const grk_component* components;
} grk_module;

/* The exported symbol GRK_ENTRY_SYMBOL is a variable (Boost.DLL alias) that
   holds the address of a function of this type. */
typedef const grk_module* (*grk_entry_fn)(void);

/* GRK_C_PLUGIN_ENTRY(entry_function) exports a module written in C: it
   defines what GRK_PLUGIN_MODULE's BOOST_DLL_ALIAS_SECTIONED defines for a
   C++ module, the variable GRK_ENTRY_SYMBOL in section GRK_ENTRY_SECTION
   holding the address of `entry_function` (a grk_entry_fn), so that a host
   finds it in the symbol table. Use it once per module, at file scope,
   followed by a semicolon:

     static const grk_module* module_entry(void) { return &module; }
     GRK_C_PLUGIN_ENTRY(module_entry);

   The symbol is spelled out: the preprocessor cannot make a name of the
   string GRK_ENTRY_SYMBOL. */
#define GRK_C_PLUGIN_ENTRY(entry_function)                                  \
  extern grk_entry_fn grk_plugin_v1;                                        \
  __attribute__((visibility("default"), section(GRK_ENTRY_SECTION), used)) \
  grk_entry_fn grk_plugin_v1 = &entry_function

#ifdef __cplusplus
}
#endif

#endif /* GRK_ABI_H */
