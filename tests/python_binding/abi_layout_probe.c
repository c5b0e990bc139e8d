/* Prints the sizes and field offsets of abi.h's structs as the C compiler
   lays them out, for grk_plugins.py's ctypes mirrors to be checked against. */
#include <stddef.h>
#include <stdio.h>

#include <grk/abi.h>

#define FIELD(type, field) printf(",\"%s\":%lu", #field, (unsigned long)offsetof(type, field))

int main(void) {
  printf("{\"grk_host_api\":{\"size\":%lu", (unsigned long)sizeof(grk_host_api));
  FIELD(grk_host_api, struct_size);
  FIELD(grk_host_api, abi_version);
  FIELD(grk_host_api, set_result);
  FIELD(grk_host_api, set_error);
  FIELD(grk_host_api, set_summary);
  FIELD(grk_host_api, log);
  FIELD(grk_host_api, progress);
  FIELD(grk_host_api, set_hint);
  FIELD(grk_host_api, cancelled);
  printf("},\"grk_component\":{\"size\":%lu", (unsigned long)sizeof(grk_component));
  FIELD(grk_component, struct_size);
  FIELD(grk_component, kind);
  FIELD(grk_component, name);
  FIELD(grk_component, description);
  FIELD(grk_component, params_json);
  FIELD(grk_component, invoke);
  FIELD(grk_component, validate);
  printf("},\"grk_module\":{\"size\":%lu", (unsigned long)sizeof(grk_module));
  FIELD(grk_module, struct_size);
  FIELD(grk_module, abi_version);
  FIELD(grk_module, sdk_version_major);
  FIELD(grk_module, sdk_version_minor);
  FIELD(grk_module, sdk_version_patch);
  FIELD(grk_module, name);
  FIELD(grk_module, version);
  FIELD(grk_module, component_count);
  FIELD(grk_module, component_size);
  FIELD(grk_module, components);
  printf("}}\n");
  return 0;
}
