// Whether a plugin file may be loaded as the invoking user: a module runs with
// that user's rights, so a file that someone else could have planted or
// changed is refused, as sshd's StrictModes refuses such key files
// (docs/design.md §4.11).
#ifndef GRK_HOST_MODULES_FILE_SAFETY_HPP
#define GRK_HOST_MODULES_FILE_SAFETY_HPP

#include <filesystem>
#include <string>

#include <grk/expected.hpp>

namespace grk::host {

/// Checks the file (following a link to it), the folder it was found in and,
/// for a link, the folder of its target, nothing above: each must be owned by
/// the invoking user or root, and writable by no one else: no other write
/// bit, and no group write bit unless the group is the owner's private group
/// (its primary group, with no other member). Fails with the
/// reason a listing shows, naming the file or folder, its mode and owner,
/// and the fix, e.g. `refused: its folder '/opt/p' is writable by other
/// users (mode 0777, owner alice); run chmod go-w '/opt/p', or pass
/// --allow-unsafe-plugin-dirs to load it anyway`.
Expected<void, std::string> check_plugin_file_safety(const std::filesystem::path& file);

}  // namespace grk::host

#endif
