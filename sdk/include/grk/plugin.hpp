// GRK_PLUGIN_MODULE: turns C++ components into a grk plugin module.
//
// Include this header in exactly one source file of a module, src/module.cpp,
// the one that names the module's components:
//
//   #include <grk/plugin.hpp>
//   #include "components/statistics.hpp"
//   GRK_PLUGIN_MODULE("significance", "1.0.0", grk::significance::PairedBootstrapStatistic)
//
// It generates the C entry point and the exception firewall: every call into
// a component parses its parameters, re-validates them against the
// declaration, runs the component, and turns any exception into a status and
// message for the host. Nothing but C types and JSON text leaves the module.
//
// It also compiles Boost.JSON into the module (header-only), so a plugin has
// no run-time dependency on any Boost library and cannot bind to the host's.
#ifndef GRK_PLUGIN_HPP
#define GRK_PLUGIN_HPP

#include <boost/dll/alias.hpp>
#include <boost/json.hpp>
#include <boost/json/src.hpp>

#include <array>
#include <cstddef>
#include <exception>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <grk/abi.h>
#include <grk/component_list.hpp>
#include <grk/context.hpp>
#include <grk/dataset_adapter.hpp>
#include <grk/error.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/naming.hpp>
#include <grk/param.hpp>
#include <grk/param_checks.hpp>
#include <grk/statistic.hpp>
#include <grk/version.h>

namespace grk::detail {

// GRK_PLUGIN_MODULE's arguments as one ComponentList: each ComponentList
// among them spliced in where it stands.
template <class T>
struct as_component_list {
  using type = ComponentList<T>;
};
template <class... Ts>
struct as_component_list<ComponentList<Ts...>> {
  using type = ComponentList<Ts...>;
};
template <class... Lists>
struct joined_lists;
template <class... Ts>
struct joined_lists<ComponentList<Ts...>> {
  using type = ComponentList<Ts...>;
};
template <class... Ts, class... Us, class... Rest>
struct joined_lists<ComponentList<Ts...>, ComponentList<Us...>, Rest...>
    : joined_lists<ComponentList<Ts..., Us...>, Rest...> {};
template <class... Args>
using component_list_of = typename joined_lists<typename as_component_list<Args>::type...>::type;

template <class T>
constexpr grk_kind kind_of() {
  static_assert(std::is_base_of_v<Statistic, T> != std::is_base_of_v<DatasetAdapter, T>,
                "a component derives from exactly one of grk::Statistic and grk::DatasetAdapter");
  return std::is_base_of_v<Statistic, T> ? GRK_KIND_STATISTIC : GRK_KIND_DATASET_ADAPTER;
}

template <class... Ts>
constexpr bool names_are_distinct() {
  constexpr std::array<std::string_view, sizeof...(Ts)> names{Ts::name...};
  for (std::size_t i = 0; i < names.size(); ++i) {
    for (std::size_t j = i + 1; j < names.size(); ++j) {
      if (names[i] == names[j]) return false;
    }
  }
  return true;
}

// Reports a failure to the host. Must not throw: building the message can run
// out of memory, and then a fixed text is sent instead.
inline std::int32_t report_failure(const grk_host_api* host, void* ctx, Status status,
                                   const char* message, std::size_t len) noexcept {
  host->set_error(ctx, static_cast<std::int32_t>(status), message, len);
  return static_cast<std::int32_t>(status);
}

inline std::int32_t report_failure(const grk_host_api* host, void* ctx, Status status,
                                   const std::string& message) noexcept {
  return report_failure(host, ctx, status, message.data(), message.size());
}

// Sends a hint after its failure, when the host's table has set_hint (an SDK
// 1.0 host's does not: abi.h growth rule).
inline void report_hint(const grk_host_api* host, void* ctx, const std::string& hint) noexcept {
  if (hint.empty() || host->struct_size < offsetof(grk_host_api, set_hint) + sizeof host->set_hint ||
      host->set_hint == nullptr) {
    return;
  }
  host->set_hint(ctx, hint.data(), hint.size());
}

template <class T>
boost::json::value run_component(T& component, const Params& params, Context& context) {
  if constexpr (std::is_base_of_v<Statistic, T>) {
    return component.compute(params, context);
  } else {
    return component.adapt(params, context);
  }
}

// The parameters as a component sees them: parsed, re-validated against
// the declaration and completed with defaults; or the failure reported.
template <class T>
Expected<Params, std::int32_t> checked_params(const char* params_json, std::size_t params_len,
                                              const grk_host_api* host, void* ctx) {
  auto given = json::read(std::string_view(params_json ? params_json : "", params_len));
  if (!given) {
    return unexpected(report_failure(host, ctx, Status::invalid_argument,
                                     "parameters are not valid JSON: " + given.error().describe()));
  }
  if (!given->is_object()) {
    return unexpected(report_failure(host, ctx, Status::invalid_argument, "parameters must be a JSON object"));
  }
  auto resolved = validate_params(T::params(), given->get_object());
  if (!resolved) {
    return unexpected(report_failure(host, ctx, Status::invalid_argument,
                                     "parameter '" + resolved.error().name + "': " + resolved.error().message));
  }
  return Params(std::move(*resolved));
}

// Whether a host table can take a failure (and, for invoke, a result).
inline bool can_answer(const grk_host_api* host) noexcept {
  return host != nullptr && host->struct_size >= offsetof(grk_host_api, set_summary) &&
         host->set_result != nullptr && host->set_error != nullptr;
}

// The exception firewall around `call`: every exception becomes a status and
// a message for the host.
template <class Call>
std::int32_t behind_firewall(const grk_host_api* host, void* ctx, Call&& call) noexcept {
  try {
    return call();
  } catch (const Error& error) {
    try {
      const std::int32_t status = report_failure(host, ctx, error.status(), std::string(error.what()));
      report_hint(host, ctx, error.hint());
      return status;
    } catch (...) {
    }
  } catch (const std::exception& error) {
    try {
      return report_failure(host, ctx, Status::internal,
                            std::string("unexpected exception: ") + error.what());
    } catch (...) {
    }
  } catch (...) {
    static constexpr char text[] = "unexpected exception of a type not derived from std::exception";
    return report_failure(host, ctx, Status::internal, text, sizeof text - 1);
  }
  static constexpr char oom[] = "out of memory while reporting an error";
  return report_failure(host, ctx, Status::internal, oom, sizeof oom - 1);
}

// Gives the host a call's result text and the line that sums it up.
inline void hand_over(const grk_host_api* host, void* ctx, std::string_view json, std::string_view summary) noexcept {
  host->set_result(ctx, json.data(), json.size());
  if (!summary.empty() && host->set_summary != nullptr) host->set_summary(ctx, summary.data(), summary.size());
}

// The C trampoline behind grk_component::invoke for component T.
template <class T>
std::int32_t invoke(const char* params_json, std::size_t params_len, const grk_host_api* host,
                    void* ctx) noexcept {
  // A table too short to hold set_result and set_error cannot be answered.
  if (!can_answer(host)) return GRK_STATUS_INVALID_ARGUMENT;
  return behind_firewall(host, ctx, [&]() -> std::int32_t {
    auto params = checked_params<T>(params_json, params_len, host, ctx);
    if (!params) return params.error();
    T component;
    Context context(host, ctx);
    if constexpr (std::is_base_of_v<Statistic, T>) {
      if (auto text = component.compute_text(*params, context)) {
        hand_over(host, ctx, text->json, text->summary);
        return GRK_STATUS_OK;
      }
    }
    const boost::json::value result = run_component(component, *params, context);
    hand_over(host, ctx, json::write_compact(result), component.summarize(result));
    return GRK_STATUS_OK;
  });
}

// The C trampoline behind grk_component::validate for component T: the
// declaration's checks, then the component's own validate().
template <class T>
std::int32_t validate(const char* params_json, std::size_t params_len, const grk_host_api* host,
                      void* ctx) noexcept {
  if (!can_answer(host)) return GRK_STATUS_INVALID_ARGUMENT;
  return behind_firewall(host, ctx, [&]() -> std::int32_t {
    auto params = checked_params<T>(params_json, params_len, host, ctx);
    if (!params) return params.error();
    const T component{};  // {}: a const object of a class with uninitialised members needs it
    const Expected<void> checked = component.validate(*params);
    if (!checked) {
      const std::int32_t status = report_failure(host, ctx, checked.error().status, checked.error().message);
      report_hint(host, ctx, checked.error().hint);
      return status;
    }
    return GRK_STATUS_OK;
  });
}

// The static tables a module's entry function hands out.
template <class... Ts>
class ModuleTable {
 public:
  ModuleTable(const char* name, const char* version)
      : params_json_{json::write_compact(params_to_json(Ts::params()))...},
        descriptions_{std::string(Ts::description)...},
        names_{std::string(Ts::name)...} {
    constexpr std::array<grk_kind, sizeof...(Ts)> kinds{kind_of<Ts>()...};
    using Invoke = std::int32_t (*)(const char*, std::size_t, const grk_host_api*, void*);
    const std::array<Invoke, sizeof...(Ts)> invokers{&invoke<Ts>...};
    const std::array<Invoke, sizeof...(Ts)> validators{&validate<Ts>...};
    for (std::size_t i = 0; i < sizeof...(Ts); ++i) {
      components_[i] = grk_component{sizeof(grk_component), kinds[i], names_[i].c_str(),
                                     descriptions_[i].c_str(), params_json_[i].c_str(),
                                     invokers[i], validators[i]};
    }
    module_ = grk_module{sizeof(grk_module),
                         GRK_ABI_VERSION,
                         GRK_SDK_VERSION_MAJOR,
                         GRK_SDK_VERSION_MINOR,
                         GRK_SDK_VERSION_PATCH,
                         name,
                         version,
                         static_cast<std::uint32_t>(sizeof...(Ts)),
                         sizeof(grk_component),
                         components_.data()};
  }

  const grk_module* module() const noexcept { return &module_; }

 private:
  std::array<std::string, sizeof...(Ts)> params_json_;
  std::array<std::string, sizeof...(Ts)> descriptions_;
  std::array<std::string, sizeof...(Ts)> names_;
  std::array<grk_component, sizeof...(Ts)> components_{};
  grk_module module_{};
};

template <class... Ts>
const grk_module* module_entry(const char* name, const char* version) noexcept {
  static_assert(sizeof...(Ts) > 0, "a module registers at least one component");
  static_assert(names_are_distinct<Ts...>(), "component names in a module must differ");
  static_assert((is_component_name(Ts::name) && ...),
                "component names are lowercase kebab-case: [a-z0-9]+(-[a-z0-9]+)*");
  try {
    // Built on first use, inside the try: a failure here returns null, which
    // the host reports, instead of terminating in a static initialiser.
    static const ModuleTable<Ts...> table(name, version);
    return table.module();
  } catch (...) {
    return nullptr;
  }
}

// module_entry over the classes of a ComponentList.
template <class List>
struct listed_module;
template <class... Ts>
struct listed_module<ComponentList<Ts...>> {
  static const grk_module* entry(const char* name, const char* version) noexcept {
    return module_entry<Ts...>(name, version);
  }
};

}  // namespace grk::detail

#define GRK_DETAIL_CAT2(a, b) a##b
#define GRK_DETAIL_CAT(a, b) GRK_DETAIL_CAT2(a, b)

/// Registers the components of this module. `module_name` is a kebab-case
/// string literal, `module_version` a semantic version string literal, and
/// the rest are component classes (see statistic.hpp, dataset_adapter.hpp)
/// or grk::ComponentList<...>s of them, registered in the order written.
/// Use once per module.
#define GRK_PLUGIN_MODULE(module_name, module_version, ...)                                  \
  namespace grk_generated_module {                                                          \
  static_assert(::grk::is_component_name(module_name),                                      \
                "module names are lowercase kebab-case: [a-z0-9]+(-[a-z0-9]+)*");            \
  const grk_module* entry() noexcept {                                                       \
    return ::grk::detail::listed_module<::grk::detail::component_list_of<__VA_ARGS__>>::entry( \
        module_name, module_version);                                                         \
  }                                                                                          \
  }                                                                                          \
  BOOST_DLL_ALIAS_SECTIONED(grk_generated_module::entry,                                     \
                            GRK_DETAIL_CAT(grk_plugin_v, GRK_ABI_VERSION), grk)

#endif
