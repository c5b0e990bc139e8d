// grk::Context::cancelled (SDK 1.2, docs/design.md §2.6) against host tables
// of every size a module can meet: an SDK 1.0 or 1.1 host's table ends before
// `cancelled`, and such a host never cancels; a 1.2 host's answers.
#define BOOST_TEST_MODULE interrupts_context_cancel
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <string>

#include <grk/abi.h>
#include <grk/context.hpp>
#include <grk/error.hpp>

namespace {

std::int32_t says_yes(void*) { return 1; }
std::int32_t says_no(void*) { return 0; }

grk_host_api table_of(std::uint32_t size, std::int32_t (*cancelled)(void*)) {
  grk_host_api table{};
  table.struct_size = size;
  table.abi_version = GRK_ABI_VERSION;
  table.cancelled = cancelled;  // past struct_size for the older sizes: never read
  return table;
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_older_hosts_table_never_cancels) {
  // SDK 1.1's table ends after set_hint; SDK 1.0's after progress.
  for (const std::size_t size : {offsetof(grk_host_api, cancelled), offsetof(grk_host_api, set_hint)}) {
    const grk_host_api table = table_of(static_cast<std::uint32_t>(size), &says_yes);
    const grk::Context context(&table, nullptr);
    BOOST_TEST(!context.cancelled());
    BOOST_CHECK_NO_THROW(context.stop_if_cancelled());
  }
}

BOOST_AUTO_TEST_CASE(a_1_2_host_is_asked_and_a_yes_stops_the_call_as_cancelled) {
  const grk_host_api no = table_of(sizeof(grk_host_api), &says_no);
  BOOST_TEST(!grk::Context(&no, nullptr).cancelled());
  const grk_host_api yes = table_of(sizeof(grk_host_api), &says_yes);
  const grk::Context context(&yes, nullptr);
  BOOST_TEST(context.cancelled());
  try {
    context.stop_if_cancelled();
    BOOST_FAIL("stop_if_cancelled did not throw");
  } catch (const grk::Error& error) {
    BOOST_TEST(static_cast<int>(error.status()) == GRK_STATUS_CANCELLED);
    BOOST_TEST(std::string(grk::status_name(error.status())) == "cancelled");
    BOOST_TEST(std::string(error.what()) == "cancelled: the run was interrupted");
  }
}

BOOST_AUTO_TEST_CASE(a_null_entry_or_no_table_is_never_cancelled) {
  const grk_host_api table = table_of(sizeof(grk_host_api), nullptr);
  BOOST_TEST(!grk::Context(&table, nullptr).cancelled());
  BOOST_TEST(!grk::Context(nullptr, nullptr).cancelled());
}

BOOST_AUTO_TEST_CASE(cancelled_is_appended_after_set_hint) {
  // abi.h's growth rule: the 1.1 fields keep their offsets.
  BOOST_TEST(offsetof(grk_host_api, cancelled) == offsetof(grk_host_api, set_hint) + sizeof(void*));
  BOOST_TEST(sizeof(grk_host_api) == offsetof(grk_host_api, cancelled) + sizeof(void*));
}
