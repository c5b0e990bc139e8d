#include "report/format.hpp"

#include "report/views.hpp"

namespace grk::host {
namespace {

// One file that works offline and from an e-mail attachment: the policy
// forbids every fetch (a browser enforces it even if a name smuggled markup
// past the escaping), the style is inline, the plots are inline SVG. Names
// may break anywhere and cells are padded narrowly so that a table of every
// column fits a 1280-pixel window (tests/report_render/browser_test.py measures it).
constexpr const char* head = R"(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
)";

constexpr const char* style = R"(<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1b1b1b;background:#fff;margin:0;line-height:1.45}
main{max-width:1200px;margin:0 auto;padding:1rem 1.25rem 3rem}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.3rem;border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2rem}
h3{font-size:1.1rem;margin-top:1.5rem}h4{font-size:1rem;margin-bottom:.3rem}
.meta,.note{color:#555;font-size:.9rem}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;font-size:.9rem;margin:.5rem 0;font-variant-numeric:tabular-nums}
th,td{padding:.25rem .4rem;border-bottom:1px solid #e2e2e2;text-align:left;vertical-align:top}
th{border-bottom:2px solid #999;vertical-align:bottom}
.fields th{border-bottom:1px solid #e2e2e2;vertical-align:top;white-space:nowrap}
td.num,th.num{text-align:right}td.num{white-space:nowrap}
td.value{word-break:break-all}td.name{min-width:4rem;overflow-wrap:anywhere}
.failed{color:#b3261e;font-weight:600}.skipped{color:#7a5c00}
figure{margin:.75rem 0}figcaption{font-size:.85rem;color:#555}
svg{display:block;width:100%;min-width:640px;height:auto;font-family:inherit}
svg .label{font-size:12px;fill:#1b1b1b}svg .value,svg .tick{font-size:11px;fill:#333;font-variant-numeric:tabular-nums}
svg .axis-title{font-size:11px;fill:#555}
svg .stripe{fill:#f4f6f8}svg .grid{stroke:#e3e3e3;stroke-width:1}svg .axis{stroke:#888;stroke-width:1}
svg .zero{stroke:#555;stroke-width:1.2;stroke-dasharray:4 3}
svg .interval-mark{stroke:#555;stroke-width:1.6}svg .effect-mark{fill:#fff;stroke:#333;stroke-width:1.6}
svg .significant .interval-mark{stroke:#b3261e}svg .significant .effect-mark{fill:#b3261e;stroke:#b3261e}
svg .significant .label{font-weight:600}
svg .win{fill:#2e7d32}svg .loss{fill:#c62828}svg .tie{fill:#999}
.iso{unicode-bidi:isolate}
@media (max-width:600px){main{padding:.5rem}table{font-size:.8rem}}
@media print{.scroll{overflow:visible}svg{min-width:0}figure,table{break-inside:avoid}a{color:inherit}}
</style>
)";

void append_table(std::string& out, const TableView& table) {
  if (table.header.empty()) {
    out += "<p>None.</p>\n";
    return;
  }
  out += "<div class=\"scroll\"><table>\n<thead><tr>";
  for (std::size_t i = 0; i < table.header.size(); ++i) {
    out += std::string(table.numeric[i] ? "<th class=\"num\">" : "<th>") + markup_escaped(table.header[i]) + "</th>";
  }
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : table.rows) {
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i) {
      std::string text = markup_escaped(row[i].text);
      if (row[i].bold) text = "<strong>" + text + "</strong>";
      if (!row[i].mark.empty()) text += "<sup>" + markup_escaped(row[i].mark) + "</sup>";
      out += table.numeric[i] ? "<td class=\"num\">" + text + "</td>" : "<td class=\"name\"><bdi>" + text + "</bdi></td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
  if (!table.note.empty()) out += "<p class=\"note\">" + markup_escaped(table.note) + "</p>\n";
}

void append_fields(std::string& out, const FieldList& fields) {
  if (fields.empty()) return;
  out += "<div class=\"scroll\"><table class=\"fields\">\n<tbody>\n";
  for (const auto& [name, value] : fields) {
    out += "<tr><th scope=\"row\">" + markup_escaped(name) + "</th><td class=\"value\"><bdi>" +
           markup_escaped(value) + "</bdi></td></tr>\n";
  }
  out += "</tbody></table></div>\n";
}

void append_metric(std::string& out, const ReportModel& model, const std::string& metric) {
  out += "<h3>" + markup_escaped(metric) + "</h3>\n<figure class=\"scroll\">\n" + forest_plot(model, metric) +
         "<figcaption>Forest plot: each comparison's effect (dot) and interval (whisker) against the dashed zero "
         "line; significant comparisons are filled and marked " + std::string(significance_mark) +
         ".</figcaption>\n</figure>\n";
  append_table(out, comparison_table(model, metric));
  for (const auto* anova : model.anovas_of(metric)) {
    out += "<h4>ANOVA</h4>\n";
    append_table(out, anova_table(model, *anova));
  }
  for (const auto* c : model.of_metric(metric)) {
    if (c->per_query_deltas.empty()) continue;
    out += "<h4>Per-query deltas: <bdi>" + markup_escaped(c->candidate) + "</bdi> vs <bdi>" +
           markup_escaped(c->baseline) + "</bdi></h4>\n<figure class=\"scroll\">\n" + delta_plot(model, *c) +
           "<figcaption>Bars above zero are queries where the candidate scores higher, below zero where it "
           "scores lower.</figcaption>\n</figure>\n";
  }
}

}  // namespace

std::string render_html(const ReportModel& model) {
  std::string out = head;
  out += "<title>" + markup_escaped(model.title) + "</title>\n" + style + "</head>\n<body>\n<main>\n";
  out += "<h1>" + markup_escaped(model.title) + "</h1>\n";
  if (!model.score_tables.empty()) {
    out += "<section id=\"scores\">\n<h2>Scores</h2>\n";
    for (const auto& table : model.score_tables) {
      out += "<h3><bdi>" + markup_escaped(step_title(model.steps[table.step])) + "</bdi></h3>\n";
      append_table(out, score_table(model, table));
    }
    out += "</section>\n";
  }
  const auto metrics = model.tabled_metrics();
  if (!metrics.empty()) {
    out += "<section id=\"comparisons\">\n<h2>Comparisons</h2>\n";
    for (const auto& metric : metrics) append_metric(out, model, metric);
    out += "</section>\n";
  }
  if (model.scores_only) return out + "</main>\n</body>\n</html>\n";
  out += "<section id=\"steps\">\n<h2>Steps</h2>\n";
  for (const auto& step : model.steps) {
    out += "<h3><bdi>" + markup_escaped(step_title(step)) + "</bdi></h3>\n";
    const bool not_run = step.shape == StepShape::skipped || step.shape == StepShape::pending;
    const char* status_class = step.shape == StepShape::failed ? " class=\"failed\""
                               : not_run                       ? " class=\"skipped\""
                                                               : "";
    out += "<p" + std::string(status_class) + ">Status: " + markup_escaped(step_status_text(step)) +
           (step.shape == StepShape::dataset  ? "; dataset"
            : step.shape == StepShape::scores ? "; its scores in the table above"
                                              : "") +
           "</p>\n";
    append_fields(out, step_fields(step));
  }
  out += "</section>\n<section id=\"provenance\">\n<h2>Provenance</h2>\n";
  append_fields(out, provenance_fields(model));
  out += "<h3>Input files</h3>\n";
  append_table(out, inputs_table(model));
  out += "<h3>Modules</h3>\n";
  append_table(out, modules_table(model));
  out += "</section>\n</main>\n</body>\n</html>\n";
  return out;
}

}  // namespace grk::host
