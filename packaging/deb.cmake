# `cpack -G DEB` in a build folder: grk-eval_<version>_<arch>.deb, with what
# `cmake --install` puts under /usr (the host, the shipped plugins, the SDK
# headers, the CMake package, the Python package, the guide). The host finds
# the plugins at /usr/lib/grk/plugins beside /usr/bin, and Debian's python3
# finds grk_plugins through /usr/lib/python3/dist-packages/grk.pth.
set(CPACK_PACKAGE_NAME grk-eval)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT "grk-eval maintainers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # grk-eval_1.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
# Written out rather than computed by dpkg-shlibdeps (dpkg-dev, which a
# machine that only builds need not have). The plugins link no Boost library
# (Boost.JSON is compiled into each); the host links these two.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libc6 (>= 2.34), libstdc++6 (>= 12), libgcc-s1, libboost-json1.81.0, libboost-program-options1.81.0")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3")
# What building a plugin against the installed SDK takes.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "g++, cmake, libboost1.81-dev, libboost-json1.81-dev")
set(CPACK_GENERATOR DEB)
include(CPack)
