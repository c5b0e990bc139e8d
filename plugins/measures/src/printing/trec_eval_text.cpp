#include "printing/trec_eval_text.hpp"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <system_error>

#include <grk/eval/threads.hpp>

namespace grk::measures {

namespace {

class Printer {
 public:
  Printer(std::string& out, NumberFormat format) : out_(out), format_(format) {}

  // `%-22s\t%s\t` then the value, as every trec_eval print routine starts.
  void label(const std::string& name, const std::string& qid) {
    out_ += name;
    if (name.size() < 22) out_.append(22 - name.size(), ' ');
    out_ += '\t';
    out_ += qid;
    out_ += '\t';
  }
  void real(double value) {
    append_real(out_, value, format_);
    out_ += '\n';
  }
  void integer(double value) {
    char buffer[24];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, static_cast<long>(value)).ptr;
    out_.append(buffer, end);
    out_ += '\n';
  }
  void text(const std::string& value) {
    out_ += value;
    out_ += '\n';
  }

 private:
  std::string& out_;
  NumberFormat format_;
};

void print_values(Printer& printer, const RequestedMeasure& measure, const double* values, const std::string& qid) {
  for (std::size_t k = 0; k < measure.names.size(); ++k) {
    printer.label(measure.names[k], qid);
    if (measure.definition->integer) {
      printer.integer(values[k]);
    } else {
      printer.real(values[k]);
    }
  }
}

void print_query(Printer& printer, const QueryScores& query, const ValueLayout& layout) {
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const RequestedMeasure& measure = layout.measures[m];
    if (!measure.definition->per_query) continue;
    if (measure.definition->summary == Summary::none) {  // relstring
      printer.label(measure.names[0], query.qid);
      printer.text("'" + query.relstring + "'");
      continue;
    }
    print_values(printer, measure, query.values.data() + layout.offsets[m], query.qid);
  }
}

}  // namespace

void append_real(std::string& out, double value, NumberFormat format) {
  // std::to_chars with a precision prints as printf does in the "C" locale,
  // to the same bytes and without the locale and varargs printf pays for.
  char buffer[400];
  const bool fixed = format == NumberFormat::trec_eval;
  const auto result = fixed ? std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 4)
                            : std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 17);
  const auto size = static_cast<std::size_t>(result.ptr - buffer);
  if (fixed && size < 6) out.append(6 - size, ' ');  // %6.4f's width
  out.append(buffer, size);
}

Expected<void> put_trec_eval_text(const RunScores& scores, const ValueLayout& layout, bool per_query,
                                  NumberFormat format, unsigned threads, const TextPieceSink& sink) {
  if (per_query) {
    // Parts of 64 queries, each printed by the thread that takes it, which
    // then hands it to the sink once the parts before it are handed: one
    // thread writes while the others print, and the text of 7,000 queries
    // (23 MB) is never whole, nor is the memory it would take filled.
    constexpr std::size_t queries_per_part = 64;
    const std::size_t count = scores.queries.size();
    std::mutex mutex;
    std::condition_variable turn_taken;
    std::size_t turn = 0;   // the part to hand on next
    Expected<void> handed;  // the sink's first failure ends the handing on
    bool broken = false;    // a part failed to print: none after it is handed on
    eval::for_each_part((count + queries_per_part - 1) / queries_per_part, threads, [&](std::size_t part) {
      std::string text;
      // Every part taken passes the turn on, even one that failed to print
      // (out of memory), or the threads with the parts after it would wait
      // for it forever.
      std::exception_ptr failure;
      try {
        Printer printer(text, format);
        const std::size_t last = std::min(count, (part + 1) * queries_per_part);
        for (std::size_t q = part * queries_per_part; q < last; ++q) print_query(printer, scores.queries[q], layout);
      } catch (...) {
        failure = std::current_exception();
      }
      {
        std::unique_lock<std::mutex> lock(mutex);
        turn_taken.wait(lock, [&] { return turn == part; });
        broken = broken || failure != nullptr;
        if (!broken && handed) handed = sink(text);
        ++turn;
      }
      turn_taken.notify_all();
      if (failure) std::rethrow_exception(failure);
    });
    GRK_TRY_VOID(handed);
  }
  std::string summary;
  Printer printer(summary, format);
  static const std::string all = "all";
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const RequestedMeasure& measure = layout.measures[m];
    if (measure.definition->summary == Summary::none) continue;
    if (measure.definition->summary == Summary::run_id) {
      printer.label("runid", all);
      printer.text(scores.run_id);
      continue;
    }
    print_values(printer, measure, scores.summary.data() + layout.offsets[m], all);
  }
  return sink(summary);
}

std::string trec_eval_text(const RunScores& scores, const ValueLayout& layout, bool per_query, NumberFormat format,
                           unsigned threads) {
  std::string out;
  const auto join = [&out](std::string_view piece) -> Expected<void> {
    out += piece;
    return {};
  };
  (void)put_trec_eval_text(scores, layout, per_query, format, threads, join);
  return out;
}

Expected<void> publish_outputs(const std::filesystem::path& folder, const std::vector<std::string>& names,
                               const std::function<Expected<void>(std::size_t, const TextPieceSink&)>& put_text,
                               unsigned threads, output::StepObserver observer) {
  std::error_code error;
  // The staged folder wants an absolute path without symbolic links.
  const auto destination = std::filesystem::weakly_canonical(std::filesystem::absolute(folder), error);
  if (error) return fail(Status::io_error, "output_dir '" + folder.string() + "': " + error.message());
  output::StagingOptions options;
  options.entries = names;
  options.marker = "grk-trec-eval-staging-";
  options.observer = std::move(observer);
  GRK_TRY(auto staged, output::StagedFolder::create(destination.string(), std::move(options)));
  std::vector<Expected<void>> written(names.size());
  eval::for_each_part(names.size(), threads, [&](std::size_t i) {
    written[i] = staged->write_file_in_parts(names[i], [&](const TextPieceSink& sink) { return put_text(i, sink); });
  });
  for (const auto& result : written) GRK_TRY_VOID(result);
  return staged->publish();
}

Expected<void> publish_trec_eval_texts(const std::filesystem::path& folder, const std::vector<std::string>& systems,
                                       const std::vector<RunScores>& scores, const ValueLayout& layout,
                                       bool per_query, unsigned threads) {
  std::vector<std::string> names;
  for (const std::string& system : systems) names.push_back(system + ".txt");
  const unsigned printers = systems.size() >= threads ? 1 : threads;
  return publish_outputs(
      folder, names,
      [&](std::size_t s, const TextPieceSink& sink) {
        return put_trec_eval_text(scores[s], layout, per_query, NumberFormat::trec_eval, printers, sink);
      },
      threads);
}

Expected<void> publish_outputs(const std::filesystem::path& folder,
                               const std::vector<std::pair<std::string, std::string>>& files,
                               output::StepObserver observer) {
  std::vector<std::string> names;
  for (const auto& file : files) names.push_back(file.first);
  return publish_outputs(
      folder, names, [&](std::size_t i, const TextPieceSink& sink) { return sink(files[i].second); }, 1,
      std::move(observer));
}

}  // namespace grk::measures
