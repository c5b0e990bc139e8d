#include "python/trec_files.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <string>
#include <string_view>

#include "python/dict_inputs.hpp"
#include "trec/text_lines.hpp"

namespace grk::measures::python {

namespace {

/// Lines gathered in a buffer and written to the fd a megabyte at a time,
/// so that a run of millions of lines never lies in memory whole.
class LineWriter {
 public:
  explicit LineWriter(int fd) : fd_(fd) { buffer_.reserve(chunk + 4096); }
  LineWriter(const LineWriter&) = delete;
  LineWriter& operator=(const LineWriter&) = delete;

  void add(std::string_view text) { buffer_.append(text); }
  void add(char c) { buffer_.push_back(c); }
  void add(long number) {
    char digits[24];
    add(std::string_view(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, number).ptr - digits)));
  }
  /// The shortest digits that read back as `number` (std::to_chars' promise).
  void add(double number) {
    char digits[32];
    add(std::string_view(digits, static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, number).ptr - digits)));
  }
  void end_line() {
    buffer_.push_back('\n');
    if (buffer_.size() >= chunk) flush();
  }
  void flush() {
    std::string_view rest(buffer_);
    while (!rest.empty()) {
      const ssize_t written = ::write(fd_, rest.data(), rest.size());
      if (written < 0 && errno == EINTR) continue;
      if (written < 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        throw PythonError{};
      }
      rest.remove_prefix(static_cast<std::size_t>(written));
    }
    buffer_.clear();
  }

 private:
  static constexpr std::size_t chunk = std::size_t{1} << 20;
  int fd_;
  std::string buffer_;
};

/// `id` as a field of a TREC line: ValueError when a reader would split it,
/// skip it or refuse it, naming it and `what` it is.
std::string_view field(PyObject* object, const char* kind, const std::string& what) {
  const std::string_view id = utf8(object, kind);
  const char* problem = nullptr;
  if (id.empty()) {
    problem = "is empty";
  } else if (std::any_of(id.begin(), id.end(), [](char c) { return is_c_space(c); })) {
    problem = "holds whitespace, which separates a TREC line's fields";
  } else if (id.front() == '#') {
    problem = "begins with '#', which makes a TREC line a comment";
  } else if (id.substr(0, 3) == "\xEF\xBB\xBF") {
    problem = "begins with a byte order mark, which TREC files refuse";
  }
  if (problem != nullptr) raise(PyExc_ValueError, what + " '" + std::string(id) + "' " + problem);
  return id;
}

/// Each query's inner dict, in order, its query id checked as a field.
template <typename EachEntry>
void each_query(PyObject* dict, const char* what, const char* inner_what, EachEntry&& each_entry) {
  require_dict(dict, what);
  Py_ssize_t at = 0;
  PyObject* qid = nullptr;
  PyObject* entries = nullptr;
  while (PyDict_Next(dict, &at, &qid, &entries)) {
    const std::string_view query_id = field(qid, "a query id", "query id");
    require_dict(entries, std::string(inner_what) + " of query '" + std::string(query_id) + "'");
    Py_ssize_t inner = 0;
    PyObject* docno = nullptr;
    PyObject* value = nullptr;
    long place = 0;
    while (PyDict_Next(entries, &inner, &docno, &value)) {
      const std::string_view document = field(docno, "a document id", "document id");
      each_entry(query_id, document, value, ++place);
    }
  }
}

}  // namespace

void write_trec_run(PyObject* run, int fd) {
  LineWriter out(fd);
  each_query(run, "the run", "the run", [&](std::string_view qid, std::string_view docno, PyObject* score, long rank) {
    const double value = score_of(score, [&] { return entry_name(docno, qid); });
    out.add(qid);
    out.add(" Q0 ");
    out.add(docno);
    out.add(' ');
    out.add(rank);
    out.add(' ');
    out.add(value);
    out.add(" grk");
    out.end_line();
  });
  out.flush();
}

void write_trec_qrels(PyObject* qrels, int fd) {
  LineWriter out(fd);
  each_query(qrels, "query_relevance", "the judgments",
             [&](std::string_view qid, std::string_view docno, PyObject* relevance, long) {
               const long level = relevance_of(relevance, [&] { return entry_name(docno, qid); });
               out.add(qid);
               out.add(" 0 ");
               out.add(docno);
               out.add(' ');
               out.add(level);
               out.end_line();
             });
  out.flush();
}

}  // namespace grk::measures::python
