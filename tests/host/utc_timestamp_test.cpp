// The results document's started_at (docs/design.md §4.8): the date computed
// by arithmetic, checked against the C library's gmtime_r and strftime on
// the days where calendars go wrong (leap days, century years, the epoch,
// before it) and on a day-by-day walk of four centuries.
#define BOOST_TEST_MODULE host_utc_timestamp
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <string>

#include "run/session.hpp"

namespace {

using std::chrono::system_clock;

system_clock::time_point at(std::int64_t micros) {
  return system_clock::time_point(std::chrono::duration_cast<system_clock::duration>(std::chrono::microseconds(micros)));
}

// What gmtime_r gives for the same instant, written the same way.
std::string by_gmtime(std::int64_t micros) {
  std::int64_t seconds = micros / 1000000;
  std::int64_t fraction = micros % 1000000;
  if (fraction < 0) {
    fraction += 1000000;
    --seconds;
  }
  const auto time = static_cast<std::time_t>(seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[64];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%S", &utc);
  std::snprintf(text + n, sizeof text - n, ".%06lld+00:00", static_cast<long long>(fraction));
  return text;
}

constexpr std::int64_t day = std::int64_t{86400} * 1000000;

}  // namespace

BOOST_AUTO_TEST_CASE(known_instants_are_written_as_python_writes_them) {
  BOOST_TEST(grk::host::utc_timestamp(at(0)) == "1970-01-01T00:00:00.000000+00:00");
  // 2000-02-29 (a leap day of a century year), 23:59:59.999999.
  BOOST_TEST(grk::host::utc_timestamp(at(951868799999999)) == "2000-02-29T23:59:59.999999+00:00");
  // 2100-03-01 follows 2100-02-28: a century year that is not a leap year.
  BOOST_TEST(grk::host::utc_timestamp(at(4107542400000000)) == "2100-03-01T00:00:00.000000+00:00");
  // One microsecond before the epoch.
  BOOST_TEST(grk::host::utc_timestamp(at(-1)) == "1969-12-31T23:59:59.999999+00:00");
  BOOST_TEST(grk::host::utc_timestamp(at(1796420010133345)) == "2026-12-04T21:33:30.133345+00:00");
}

BOOST_AUTO_TEST_CASE(every_day_of_four_centuries_matches_gmtime) {
  // From 1700-01-01 to 2100-01-01 (the clock's nanoseconds reach from 1677
  // to 2262), one instant a day, at a time of day that moves through the
  // hours and microseconds.
  const std::int64_t first = -std::int64_t{98615} * day;
  int mismatches = 0;
  for (std::int64_t d = 0; d < 146097; ++d) {
    const std::int64_t micros = first + d * day + (d * 7919 % 86400) * 1000000 + d * 104729 % 1000000;
    const std::string ours = grk::host::utc_timestamp(at(micros));
    const std::string theirs = by_gmtime(micros);
    if (ours != theirs && ++mismatches <= 5) BOOST_TEST(ours == theirs);
  }
  BOOST_TEST(mismatches == 0);
}

BOOST_AUTO_TEST_CASE(now_is_the_clock_written_the_same_way) {
  const auto before = std::chrono::duration_cast<std::chrono::microseconds>(
                          system_clock::now().time_since_epoch()).count();
  const std::string now = grk::host::utc_timestamp_now();
  const auto after = std::chrono::duration_cast<std::chrono::microseconds>(
                         system_clock::now().time_since_epoch()).count();
  BOOST_TEST((now >= by_gmtime(before) && now <= by_gmtime(after)), now);
}
