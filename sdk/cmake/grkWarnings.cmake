# Warnings are errors in our own code (docs/design.md §7.6). Third-party plugin authors
# do not get this: it is not part of the installed package.
function(grk_strict_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror)
endfunction()
