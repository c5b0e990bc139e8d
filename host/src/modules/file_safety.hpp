// Opening a plugin file as the invoking user may load it: a module runs with
// that user's rights, so a file that someone else could have planted or
// changed is refused, as sshd's StrictModes refuses such key files
// (docs/design.md §4.11). The file is opened once, by descriptor from `/`
// down, and judged by what was opened, so that no one can swap what was
// checked for what is loaded.
#ifndef GRK_HOST_MODULES_FILE_SAFETY_HPP
#define GRK_HOST_MODULES_FILE_SAFETY_HPP

#include <filesystem>

#include <grk/expected.hpp>

#include "modules/module_file.hpp"
#include "modules/record.hpp"

namespace grk::host {

/// Whether open_plugin_file judges who could have written the file.
enum class FileChecks { strict, none };

/// Opens `file` (a link is followed to its target, whose path is resolved
/// first): each folder from `/` is opened from its parent with O_NOFOLLOW,
/// the file last, with O_NOFOLLOW too. Under FileChecks::strict, the file,
/// the folder it was found in and, for a link, the folder of its target must
/// each be owned by the invoking user or root and writable by no one else (no
/// other write bit; no group write bit unless the group is the owner's private
/// group: its primary group, which no other user has as primary or
/// supplementary group); every folder above them must be owned by the user or
/// root and writable by no one else unless it is sticky (as `/tmp`: there only
/// an entry's owner may rename it). Fails with the record a listing shows:
/// unsafe_permissions with the reason, naming the file or folder, its mode and
/// owner, and the fix, e.g. `refused: its folder '/opt/p' is writable by other
/// users (mode 0777, owner alice); run chmod go-w '/opt/p', or pass
/// --allow-unsafe-plugin-dirs to load it anyway`; or load_failed, not lasting,
/// `cannot open it: <reason>`, when it cannot be opened now.
Expected<ModuleFile, ModuleRecord> open_plugin_file(const std::filesystem::path& file, FileChecks checks);

}  // namespace grk::host

#endif
