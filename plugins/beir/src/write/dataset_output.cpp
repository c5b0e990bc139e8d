#include "write/dataset_output.hpp"

#include <utility>

namespace grk::beir {

Expected<std::unique_ptr<DatasetOutput>> DatasetOutput::create(OutputLayout layout, bool with_id_map,
                                                               WriteStepObserver observer, unsigned writer_threads) {
  output::StagingOptions options;
  // docs/behaviour/beir.md §15.4: judgments first, corpus/ last; id_map.tsv before both
  // (docs/behaviour/beir.md §16.8); the staging folders' names.
  options.entries = {"judgments.jsonl", "corpus"};
  if (with_id_map) options.entries.insert(options.entries.begin(), "id_map.tsv");
  options.marker = "grk-beir-staging-";
  // Failures to create the parents name the path Python's mkdir(corpus, parents=True) would name.
  options.creation_error_path = layout.corpus_dir;
  options.observer = observer;
  auto folder = output::StagedFolder::create(layout.destination, std::move(options));
  if (!folder) return unexpected(std::move(folder).error());
  const Expected<int> corpus_fd = (*folder)->make_folder("corpus");
  if (!corpus_fd) return unexpected(corpus_fd.error());
  return std::unique_ptr<DatasetOutput>(
      new DatasetOutput(std::move(layout), std::move(observer), std::move(folder).value(), *corpus_fd, writer_threads));
}

DatasetOutput::DatasetOutput(OutputLayout layout, WriteStepObserver observer,
                             std::unique_ptr<output::StagedFolder> folder, int corpus_fd, unsigned writer_threads)
    : layout_(std::move(layout)),
      observer_(std::move(observer)),
      folder_(std::move(folder)),
      corpus_fd_(corpus_fd),
      writer_threads_(writer_threads) {}

DatasetOutput::~DatasetOutput() { writers_.reset(); }

Expected<void> DatasetOutput::write_document(std::string_view file_name, std::string&& bytes) {
  if (observer_) observer_("write-document");
  if (!writers_) writers_ = std::make_unique<DocumentWriters>(corpus_fd_, layout_.corpus_dir, writer_threads_);
  if (!writers_->write(file_name, std::move(bytes))) return finish_documents();
  return {};
}

Expected<void> DatasetOutput::finish_documents() {
  if (!writers_) return {};
  Expected<void> finished = writers_->finish();
  writers_.reset();
  return finished;
}

Expected<void> DatasetOutput::write_judgments(std::string_view bytes) {
  if (auto finished = finish_documents(); !finished) return finished;
  return folder_->write_file("judgments.jsonl", bytes);
}

Expected<void> DatasetOutput::write_id_map(const std::function<Expected<void>(const ByteSink&)>& produce) {
  if (auto finished = finish_documents(); !finished) return finished;
  return folder_->write_file_in_parts("id_map.tsv", produce);
}

Expected<void> DatasetOutput::publish() {
  if (auto finished = finish_documents(); !finished) return finished;
  return folder_->publish();
}

}  // namespace grk::beir
