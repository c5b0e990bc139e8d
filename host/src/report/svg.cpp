#include "report/views.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace grk::host {
namespace {

// The forest plot's columns, in SVG user units: labels end at label_end,
// the effects are drawn between plot_left and plot_right, the numbers
// start at values_left. The picture scales to the page's width.
constexpr double width = 820;
constexpr double label_end = 300;
constexpr double plot_left = 314;
constexpr double plot_right = 596;
constexpr double values_left = 612;
constexpr double row_height = 22;
constexpr double top = 8;
constexpr double axis_height = 44;
/// A label holds at most this many characters (at most 8 units each at the
/// label's size, bold): longer names are cut, the whole names are in the
/// row's tooltip, so a label never runs off the picture or into the plot.
constexpr std::size_t label_budget = 36;
constexpr std::size_t test_limit = 12;

std::string number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

/// The first `limit` code points of UTF-8 `text`, with "…" when cut.
std::string cut(const std::string& text, std::size_t limit) {
  std::size_t points = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;
    if (points == limit) return text.substr(0, i) + "\u2026";
    ++points;
  }
  return text;
}

std::size_t points_of(const std::string& text) {
  std::size_t points = 0;
  for (const char c : text) points += (static_cast<unsigned char>(c) & 0xC0) == 0x80 ? 0 : 1;
  return points;
}

/// A name inside a label, isolated so that right-to-left text stays inside it.
std::string name_span(const std::string& name, std::size_t limit) {
  return "<tspan class=\"iso\">" + markup_escaped(cut(name, limit)) + "</tspan>";
}

/// "candidate vs baseline", the two names sharing what the label has room
/// for: half each, and what the shorter one leaves to the other.
std::string pair_label(const Comparison& c, std::size_t room) {
  const std::size_t half = room / 2;
  const std::size_t candidate = points_of(c.candidate), baseline = points_of(c.baseline);
  const std::size_t candidate_room = baseline < half ? room - baseline : std::max(half, room - std::min(baseline, room));
  const std::size_t baseline_room = room - std::min(candidate, candidate_room);
  return name_span(c.candidate, candidate_room) + " vs " + name_span(c.baseline, baseline_room);
}

struct Scale {
  double low, high;
  double x(double value, double left, double right) const { return left + (value - low) / (high - low) * (right - left); }
};

/// The axis's ticks: a step of 1, 2 or 5 times a power of ten, about five
/// ticks over the range.
std::vector<double> ticks_of(const Scale& scale, int& decimals) {
  const double raw = (scale.high - scale.low) / 6;
  const double power = std::pow(10, std::floor(std::log10(raw)));
  double step = power;
  for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
    step = factor * power;
    if (step >= raw) break;
  }
  decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  std::vector<double> ticks;
  for (double t = std::ceil(scale.low / step - 1e-9) * step; t <= scale.high + step * 1e-9; t += step) {
    ticks.push_back(std::fabs(t) < step * 1e-9 ? 0.0 : t);
  }
  return ticks;
}

std::string tick_label(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

/// A range that holds zero and every value, with a little room at the ends.
Scale scale_of(const std::vector<double>& values) {
  double low = 0, high = 0;
  for (const double v : values) {
    if (!std::isfinite(v)) continue;
    low = std::min(low, v);
    high = std::max(high, v);
  }
  if (high - low < 1e-12) {
    low -= 0.01;
    high += 0.01;
  }
  const double pad = (high - low) * 0.05;
  return {low - pad, high + pad};
}

std::string data_attributes(const ReportModel& model, const Comparison& c) {
  return " data-step=\"" + markup_escaped(model.steps[c.step].id) + "\" data-baseline=\"" +
         markup_escaped(c.baseline) + "\" data-candidate=\"" + markup_escaped(c.candidate) + "\" data-metric=\"" +
         markup_escaped(c.metric) + "\" data-significant=\"" + (c.significant.value_or(false) ? "true" : "false") +
         "\"";
}

}  // namespace

std::string markup_escaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        // Control characters are not allowed in HTML text.
        out += static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' ? ' ' : c;
    }
  }
  return out;
}

std::string forest_plot(const ReportModel& model, const std::string& metric) {
  const auto rows = model.of_metric(metric);
  std::vector<double> values;
  bool several_tests = false;
  for (const auto* c : rows) {
    for (const auto& v : {c->effect, c->interval_low, c->interval_high}) {
      if (v) values.push_back(*v);
    }
    several_tests = several_tests || c->test != rows.front()->test;
  }
  const Scale scale = scale_of(values);
  const double plot_bottom = top + row_height * static_cast<double>(rows.size());
  const double height = plot_bottom + axis_height;
  const auto x = [&](double v) { return number(scale.x(v, plot_left, plot_right)); };
  std::string out = "<svg class=\"forest-plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
                    number(width) + " " + number(height) + "\" role=\"img\" aria-label=\"Forest plot of " +
                    markup_escaped(metric) + "\" data-metric=\"" + markup_escaped(metric) + "\">\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i % 2 == 1) {
      out += "<rect class=\"stripe\" x=\"0\" y=\"" + number(top + row_height * static_cast<double>(i)) +
             "\" width=\"" + number(width) + "\" height=\"" + number(row_height) + "\"/>\n";
    }
  }
  int decimals = 0;
  for (const double t : ticks_of(scale, decimals)) {
    out += "<line class=\"grid\" x1=\"" + x(t) + "\" y1=\"" + number(top) + "\" x2=\"" + x(t) + "\" y2=\"" +
           number(plot_bottom + 4) + "\"/>\n";
    out += "<text class=\"tick\" x=\"" + x(t) + "\" y=\"" + number(plot_bottom + 17) +
           "\" text-anchor=\"middle\">" + tick_label(t, decimals) + "</text>\n";
  }
  out += "<line class=\"axis\" x1=\"" + number(plot_left) + "\" y1=\"" + number(plot_bottom + 4) + "\" x2=\"" +
         number(plot_right) + "\" y2=\"" + number(plot_bottom + 4) + "\"/>\n";
  out += "<line class=\"zero\" x1=\"" + x(0) + "\" y1=\"" + number(top) + "\" x2=\"" + x(0) + "\" y2=\"" +
         number(plot_bottom + 4) + "\"/>\n";
  out += "<text class=\"axis-title\" x=\"" + number((plot_left + plot_right) / 2) + "\" y=\"" +
         number(plot_bottom + 36) + "\" text-anchor=\"middle\">effect (candidate \u2212 baseline)</text>\n";
  out += "<text class=\"axis-title\" x=\"" + number(values_left) + "\" y=\"" + number(plot_bottom + 17) +
         "\">effect [interval]</text>\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Comparison& c = *rows[i];
    const bool significant = c.significant.value_or(false);
    const double y = top + row_height * (static_cast<double>(i) + 0.5);
    std::string title = comparison_label(c) + ", " + c.test + " (step " + model.steps[c.step].id + "): effect " +
                        reading_number(c.effect) + ", interval [" + reading_number(c.interval_low) + ", " +
                        reading_number(c.interval_high) + "], p " + reading_p_value(c.p_value) + ", adjusted p " +
                        reading_p_value(c.p_value_adjusted) + (significant ? ", significant" : "");
    out += "<g class=\"forest-row" + std::string(significant ? " significant" : "") + "\" id=\"forest-" +
           std::to_string(&c - model.comparisons.data()) + "\"" + data_attributes(model, c) + ">\n<title>" +
           markup_escaped(title) + "</title>\n";
    const std::string test = several_tests ? cut(c.test, test_limit) : std::string();
    const std::size_t used = 4 + (several_tests ? points_of(test) + 3 : 0) + (significant ? 2 : 0);
    std::string label = pair_label(c, label_budget - used);
    if (several_tests) label += " \u00b7 " + markup_escaped(test);
    if (significant) label += " " + std::string(significance_mark);
    out += "<text class=\"label\" x=\"" + number(label_end) + "\" y=\"" + number(y + 4) +
           "\" text-anchor=\"end\">" + label + "</text>\n";
    if (c.interval_low && c.interval_high) {
      out += "<line class=\"interval-mark\" x1=\"" + x(*c.interval_low) + "\" y1=\"" + number(y) + "\" x2=\"" +
             x(*c.interval_high) + "\" y2=\"" + number(y) + "\"/>\n";
      for (const double end : {*c.interval_low, *c.interval_high}) {
        out += "<line class=\"interval-mark\" x1=\"" + x(end) + "\" y1=\"" + number(y - 5) + "\" x2=\"" + x(end) +
               "\" y2=\"" + number(y + 5) + "\"/>\n";
      }
    }
    if (c.effect) {
      out += "<circle class=\"effect-mark\" cx=\"" + x(*c.effect) + "\" cy=\"" + number(y) + "\" r=\"4.5\"/>\n";
    }
    std::string value = reading_number(c.effect);
    if (c.interval_low || c.interval_high) {
      value += " [" + reading_number(c.interval_low) + ", " + reading_number(c.interval_high) + "]";
    }
    out += "<text class=\"value\" x=\"" + number(values_left) + "\" y=\"" + number(y + 4) + "\">" + value +
           "</text>\n</g>\n";
  }
  return out + "</svg>\n";
}

std::string delta_plot(const ReportModel& model, const Comparison& c) {
  auto deltas = c.per_query_deltas;
  std::stable_sort(deltas.begin(), deltas.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  constexpr double left = 60, right = 810, plot_top = 10, plot_bottom = 170, height = 200;
  double extent = 0;
  for (const auto& d : deltas) extent = std::max(extent, std::fabs(d.second));
  if (extent < 1e-12) extent = 0.01;
  const Scale scale{-extent * 1.05, extent * 1.05};
  const auto y = [&](double v) { return plot_bottom - (v - scale.low) / (scale.high - scale.low) * (plot_bottom - plot_top); };
  std::string out = "<svg class=\"delta-plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 820 " +
                    number(height) + "\" role=\"img\" aria-label=\"Per-query deltas of " +
                    markup_escaped(comparison_label(c)) + "\"" + data_attributes(model, c) + ">\n";
  int decimals = 0;
  for (const double t : ticks_of(scale, decimals)) {
    out += "<line class=\"grid\" x1=\"" + number(left) + "\" y1=\"" + number(y(t)) + "\" x2=\"" + number(right) +
           "\" y2=\"" + number(y(t)) + "\"/>\n<text class=\"tick\" x=\"" + number(left - 6) + "\" y=\"" +
           number(y(t) + 4) + "\" text-anchor=\"end\">" + tick_label(t, decimals) + "</text>\n";
  }
  const double bar = (right - left) / static_cast<double>(std::max<std::size_t>(deltas.size(), 1));
  const std::string bar_width = number(std::max(bar * 0.85, 0.2));
  // Appended piece by piece: a plot of every query of 250 comparisons is a
  // quarter of a million bars.
  out.reserve(out.size() + deltas.size() * 120);
  for (std::size_t i = 0; i < deltas.size(); ++i) {
    const double v = deltas[i].second;
    const double y0 = y(std::max(v, 0.0)), y1 = y(std::min(v, 0.0));
    out.append("<rect class=\"delta-bar ").append(v > 0 ? "win" : v < 0 ? "loss" : "tie").append("\" x=\"");
    out.append(number(left + bar * static_cast<double>(i))).append("\" y=\"").append(number(y0));
    out.append("\" width=\"").append(bar_width).append("\" height=\"").append(number(std::max(y1 - y0, 0.5)));
    out.append("\"><title>").append(markup_escaped(deltas[i].first)).append(": ").append(exact_number(v));
    out.append("</title></rect>\n");
  }
  out += "<line class=\"zero\" x1=\"" + number(left) + "\" y1=\"" + number(y(0)) + "\" x2=\"" + number(right) +
         "\" y2=\"" + number(y(0)) + "\"/>\n";
  out += "<text class=\"axis-title\" x=\"" + number((left + right) / 2) + "\" y=\"" + number(plot_bottom + 22) +
         "\" text-anchor=\"middle\">" + std::to_string(deltas.size()) +
         " queries, sorted by delta (candidate \u2212 baseline)</text>\n";
  return out + "</svg>\n";
}

}  // namespace grk::host
