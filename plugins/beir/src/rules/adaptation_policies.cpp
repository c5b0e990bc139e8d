#include "rules/adaptation_policies.hpp"

#include <string>
#include <utility>
#include <vector>

#include <grk/param_checks.hpp>

namespace grk::beir {
namespace {

// declare_opt_ins read as parameter declarations: a string with its choices
// and the first as default, or an optional integer.
struct SpecsOfOptIns {
  std::vector<ParamSpec> specs;

  template <typename Policy>
  void choice(const char* name, Policy AdaptationPolicies::*, PolicyChoices<Policy> choices, const char* description) {
    std::vector<std::string> texts;
    for (const auto& value : choices) texts.emplace_back(value.text);
    specs.push_back(with_default(name, ParamType::string, choices.begin()->text, description).one_of(std::move(texts)));
  }
  void threshold(const char* name, std::optional<std::int64_t> AdaptationPolicies::*, const char* description) {
    specs.push_back(optional(name, ParamType::integer, description));
  }
};

// declare_opt_ins read as the parse of the params: each given value sets its
// member; the first refusal is kept and the rest are skipped.
struct ParseOfOptIns {
  const Params& params;
  AdaptationPolicies policies;
  Expected<void> outcome;

  template <typename Policy>
  void choice(const char* name, Policy AdaptationPolicies::*member, PolicyChoices<Policy> choices,
              const char* description) {
    if (!outcome || !params.has(name)) return;
    SpecsOfOptIns declared;
    declared.choice(name, member, choices, description);
    outcome = check_choice(params, declared.specs.front());
    if (!outcome) return;
    const std::string given = params.string(name);
    for (const auto& value : choices) {
      if (given == value.text) policies.*member = value.policy;
    }
  }
  void threshold(const char* name, std::optional<std::int64_t> AdaptationPolicies::*member, const char*) {
    if (!outcome) return;
    if (params.has(name)) policies.*member = params.integer(name);
    outcome = check_graded(policies.*member);
  }
};

// declare_opt_ins read as a question: is `param` set to `value`?
struct ChosenOptIn {
  const AdaptationPolicies& policies;
  std::string_view param;
  std::string_view value;
  bool chosen = false;

  template <typename Policy>
  void choice(const char* name, Policy AdaptationPolicies::*member, PolicyChoices<Policy> choices, const char*) {
    if (param != name) return;
    for (const auto& each : choices) chosen = chosen || (value == each.text && policies.*member == each.policy);
  }
  void threshold(const char* name, std::optional<std::int64_t> AdaptationPolicies::*member, const char*) {
    if (param == name) chosen = (policies.*member).has_value();
  }
};

}  // namespace

bool opt_in_is(const AdaptationPolicies& policies, std::string_view setting) {
  const std::size_t equals = setting.find('=');
  ChosenOptIn question{policies, setting.substr(0, equals), setting.substr(equals + 1)};
  declare_opt_ins(question);
  return question.chosen;
}

std::vector<ParamSpec> policy_params() {
  SpecsOfOptIns declared;
  declare_opt_ins(declared);
  return std::move(declared.specs);
}

Expected<void> check_graded(const std::optional<std::int64_t>& graded) {
  if (graded && *graded < 1) {
    return fail(Status::invalid_argument,
                "graded must be an integer >= 1 (the lowest positive grade), got " + std::to_string(*graded));
  }
  return {};
}

Expected<void> check_choice(const Params& params, const ParamSpec& spec) {
  if (!params.has(spec.name)) return {};
  if (auto issue = value_issue(spec, params.value(spec.name))) {
    return fail(Status::invalid_argument, "parameter '" + spec.name + "': " + *issue);
  }
  return {};
}

Expected<AdaptationPolicies> read_policies(const Params& params) {
  ParseOfOptIns parse{params, {}, {}};
  declare_opt_ins(parse);
  GRK_TRY_VOID(std::move(parse.outcome));
  return parse.policies;
}

}  // namespace grk::beir
