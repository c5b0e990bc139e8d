#include "modules/probe.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <optional>
#include <string>

#include <grk/abi.h>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/version.h>

#include "support/child_process.hpp"

#include "modules/file_safety.hpp"
#include "modules/loaded_module.hpp"
#include "modules/record.hpp"

namespace grk::host {
namespace {

ModuleRecord failed(const std::filesystem::path& file, ModuleStatus status, std::string reason) {
  ModuleRecord record;
  record.file = file;
  record.status = status;
  record.reason = std::move(reason);
  return record;
}

// Loading failed in the probe: the loader's refusal, a crash, an exit or a
// hang may each come from a limit of this moment (ulimit -n or -v, a full
// process table, a machine under load), so no such record is cached.
ModuleRecord load_failed(const std::filesystem::path& file, std::string reason) {
  ModuleRecord record = failed(file, ModuleStatus::load_failed, std::move(reason));
  record.lasting = false;
  return record;
}

// What the child does: load, read, write one JSON document, exit without
// running anything else of this process (no atexit handlers, no flushing of
// the parent's buffers).
[[noreturn]] void run_child(const ModuleFile& file, int out_fd) {
  // grk-eval's stdout carries documents (`plugins --json`): whatever a
  // module's static initialisers print goes to stderr instead. A module that
  // crashes here must not leave a core file per listing either.
  dup2(STDERR_FILENO, STDOUT_FILENO);
  reset_crash_handling();
  std::string text;
  try {
    const auto module = LoadedModule::open(file);
    const ModuleRecord record =
        module ? read_module_record(**module)
               : failed(file.path(), ModuleStatus::load_failed, "cannot load it: " + module.error().message);
    text = json::write_compact(module_to_json(record));
  } catch (...) {
    _exit(3);
  }
  _exit(write_all(out_fd, text.data(), text.size()) ? 0 : 4);
}

// The refusal a file's symbol table alone decides; nothing when the file
// exports this host's entry symbol and must be loaded to say more.
std::optional<ModuleRecord> refusal_by_symbols(const ModuleFile& opened) {
  const std::filesystem::path& file = opened.path();
  const EntrySymbols symbols = inspect_entry_symbols(opened.proc_path());
  switch (symbols.verdict) {
    case EntrySymbols::Verdict::unreadable: {
      ModuleRecord record = failed(file, ModuleStatus::not_a_plugin, "not a grk plugin: " + symbols.detail);
      record.lasting = !symbols.read_failed;
      return record;
    }
    case EntrySymbols::Verdict::no_entry:
      return failed(file, ModuleStatus::not_a_plugin, "not a grk plugin: " + symbols.detail);
    case EntrySymbols::Verdict::other_abi: {
      ModuleRecord record = failed(
          file, ModuleStatus::wrong_abi,
          "built for grk ABI " + std::to_string(symbols.other_abi_version) + " (entry symbol " +
              GRK_ENTRY_SYMBOL_PREFIX + std::to_string(symbols.other_abi_version) +
              "); this host supports ABI " + std::to_string(GRK_ABI_VERSION) +
              " (SDK " GRK_SDK_VERSION_STRING "). Rebuild the plugin against grk SDK " +
              std::to_string(GRK_SDK_VERSION_MAJOR) + ".x" +
              // Only a newer ABI has a host to offer; an older one is gone.
              (symbols.other_abi_version > GRK_ABI_VERSION
                   ? ", or use a grk-eval of ABI " + std::to_string(symbols.other_abi_version) + "."
                   : std::string(".")));
      record.abi_version = static_cast<std::uint32_t>(symbols.other_abi_version);
      return record;
    }
    case EntrySymbols::Verdict::compatible:
      break;
  }
  return std::nullopt;
}

// What the probe child left: its report, how it ended, and whether it had
// to be killed for taking longer than the limit.
struct ProbeOutcome {
  std::string output;
  int status = 0;
  bool timed_out = false;
};

// Loads `file` in a child process and collects what it reports; the error is
// why no child could be started.
Expected<ProbeOutcome, std::string> run_probe_child(const ModuleFile& file,
                                                    std::chrono::milliseconds timeout) {
  ProbeOutcome outcome;
  const auto end = run_child_process([&](int out_fd) { run_child(file, out_fd); },
                                     [&](const char* data, std::size_t size) {
                                       outcome.output.append(data, size);
                                       return true;
                                     },
                                     ChildOptions{false, timeout, {}});
  if (!end) {
    return unexpected(std::string(end.error().step == SpawnFailure::Step::pipe
                                      ? "cannot create a pipe to probe it: "
                                      : "cannot fork a process to probe it: ") +
                      end.error().reason());
  }
  outcome.status = end->wait_status;
  outcome.timed_out = end->timed_out;
  return outcome;
}

// The module's record from what its probe child reported, or the way the
// child ended when it could not report.
ModuleRecord record_from_probe(const std::filesystem::path& file, const ProbeOutcome& outcome,
                               std::chrono::milliseconds timeout) {
  const int status = outcome.status;
  if (outcome.timed_out) {
    return load_failed(file,
                  "loading it did not finish within " + std::to_string(timeout.count() / 1000) +
                      " s (a static initialiser or the entry function hangs)");
  }
  if (WIFSIGNALED(status)) {
    return load_failed(file,
                  "it crashed while loading with " + signal_text(WTERMSIG(status)) +
                      ": a static initialiser or the entry function failed; nothing of it was "
                      "run in grk-eval itself");
  }
  const auto parsed = json::read(outcome.output);
  auto record = parsed ? module_from_json(*parsed) : plugin_error("its report is not JSON");
  if (!record || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return load_failed(file,
                  "loading it ended the probe process with exit code " +
                      std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
                      " (a static initialiser or the entry function called exit)");
  }
  record->file = file;
  // The loader's refusal: a missing library or symbol, or a limit of the moment.
  if (record->status == ModuleStatus::load_failed) record->lasting = false;
  return std::move(record).value();
}

}  // namespace

ModuleRecord probe_module(const ModuleFile& file, std::chrono::milliseconds timeout) {
  if (auto refused = refusal_by_symbols(file)) return std::move(*refused);
  const auto outcome = run_probe_child(file, timeout);
  if (!outcome) return load_failed(file.path(), outcome.error());
  return record_from_probe(file.path(), *outcome, timeout);
}

ModuleRecord probe_module(const std::filesystem::path& file, std::chrono::milliseconds timeout) {
  auto opened = open_plugin_file(file, FileChecks::none);
  if (!opened) return std::move(opened).error();
  return probe_module(*opened, timeout);
}

}  // namespace grk::host
