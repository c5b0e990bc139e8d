/* grk SDK version. The top-level CMakeLists.txt reads the project version from
   here, so this file is the one place it is written. MAJOR is the C ABI
   version (GRK_ABI_VERSION); MINOR grows when the ABI grows at the end of a
   struct; PATCH never changes the ABI. Compiles as C. */
#ifndef GRK_VERSION_H
#define GRK_VERSION_H

#define GRK_SDK_VERSION_MAJOR 1
#define GRK_SDK_VERSION_MINOR 2
#define GRK_SDK_VERSION_PATCH 0
#define GRK_SDK_VERSION_STRING "1.2.0"

#endif
