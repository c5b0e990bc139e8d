// What the measures tests share: the shared reference data's folder, and
// scoring files to trec_eval's text.
#ifndef GRK_MEASURES_TEST_SUPPORT_HPP
#define GRK_MEASURES_TEST_SUPPORT_HPP

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/measure_request.hpp"
#include "evaluation/system_evaluation.hpp"
#include "printing/trec_eval_text.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures::testing {

/// ../shared beside the source folder (GRK_SOURCE_DIR), when it is there.
inline std::optional<std::filesystem::path> shared_folder() {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  if (source == nullptr) return std::nullopt;
  std::filesystem::path shared = std::filesystem::path(source).parent_path() / "shared";
  if (!std::filesystem::is_directory(shared / "trec_eval-test")) return std::nullopt;
  return shared;
}

inline std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// trec_eval's text for `run` against `qrels` with these measures and options,
/// or the failure's message, read, scored and printed on `threads` threads:
/// the run read whole, then scored; and scored query by query as it is read
/// (the trec-eval step's way), which must give the same bytes or failure.
inline std::string score_text_on(unsigned threads, const std::filesystem::path& qrels_path,
                                 const std::filesystem::path& run_path, const std::vector<std::string>& measures,
                                 const EvaluationOptions& options, NumberFormat format, QrelsFormat qrels_format) {
  auto qrels = read_qrels(qrels_path, qrels_format);
  if (!qrels) return "error: " + qrels.error().message;
  auto run = read_run(run_path, threads);
  auto requested = request_measures(measures);
  if (!requested) return "error: " + (run ? requested.error().message : run.error().message);
  const ValueLayout layout(*requested);
  const auto text_of = [&](const Expected<RunScores>& scores) {
    return scores ? trec_eval_text(*scores, layout, options.per_query, format, threads)
                  : "error: " + scores.error().message;
  };
  const std::string name = run_path.filename().string();
  const std::string passing = text_of(evaluate_run_file(run_path, name, *qrels, layout, options, threads));
  if (!run) return passing == "error: " + run.error().message ? passing : "error: query by query: " + passing;
  const std::string whole = text_of(evaluate_run(*run, name, *qrels, layout, options, threads));
  return whole == passing ? whole : "error: query by query gave other bytes:\n" + passing;
}

/// score_text_on 1 thread, when 3 threads give the same bytes (every
/// reference comparison also checks that the threads change nothing).
inline std::string score_text(const std::filesystem::path& qrels_path, const std::filesystem::path& run_path,
                              const std::vector<std::string>& measures, const EvaluationOptions& options,
                              NumberFormat format, QrelsFormat qrels_format = QrelsFormat::automatic) {
  const std::string one = score_text_on(1, qrels_path, run_path, measures, options, format, qrels_format);
  const std::string three = score_text_on(3, qrels_path, run_path, measures, options, format, qrels_format);
  return one == three ? one : "error: 3 threads gave other bytes than 1:\n" + three;
}

/// A file of `text` in a fresh temporary folder, removed with the object.
class TemporaryFiles {
 public:
  TemporaryFiles() {
    char pattern[] = "/tmp/grk-measures-test-XXXXXX";
    folder_ = ::mkdtemp(pattern);
  }
  ~TemporaryFiles() {
    std::error_code ignored;
    std::filesystem::remove_all(folder_, ignored);
  }
  std::filesystem::path write(const std::string& name, const std::string& text) const {
    return write_into(folder_, name, text);
  }
  static std::filesystem::path write_into(const std::filesystem::path& folder, const std::string& name,
                                          const std::string& text) {
    const auto path = folder / name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  const std::filesystem::path& folder() const { return folder_; }
  TemporaryFiles(const TemporaryFiles&) = delete;
  TemporaryFiles& operator=(const TemporaryFiles&) = delete;

 private:
  std::filesystem::path folder_;
};

}  // namespace grk::measures::testing

#endif
