#include "tools/frontend/sweep/search_request.hpp"

#include <string>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/units.hpp"
#include "tools/frontend/sweep/sweep_setup.hpp"

namespace hcisim::frontend {

SearchRange parse_over(const std::string& text) {
  const auto equals = text.find('=');
  const auto dots = text.find("..", equals == std::string::npos ? 0 : equals);
  if (equals == std::string::npos || dots == std::string::npos || equals == 0) {
    throw SweepRequestError{"--over " + in_quotes(text) +
                            ": expected key.path=LO..HI, like vms.workload.outstanding=1..64"};
  }
  SearchRange r;
  r.key = text.substr(0, equals);
  try {
    r.lo = parse_integer(text.substr(equals + 1, dots - equals - 1));
    r.hi = parse_integer(text.substr(dots + 2));
  } catch (const UnitError& e) {
    throw SweepRequestError{"--over " + in_quotes(text) + ": " + e.what()};
  }
  if (r.lo < 0 || r.hi <= r.lo || r.hi - r.lo > 10'000'000) {
    throw SweepRequestError{"--over " + in_quotes(text) + ": expected 0 <= LO < HI"};
  }
  return r;
}

SearchFor search_direction(const SearchRequest& q, const std::string& key) {
  const bool maximise_key = q.maximise_given && q.maximise == key;
  if (q.minimise && *q.minimise != key) {
    throw SweepRequestError{"--minimise " + in_quotes(*q.minimise) + ": name the key searched (--over " + key +
                            "=LO..HI): the search finds the smallest value of it meeting every --slo"};
  }
  const bool smallest = q.smallest || q.minimise.has_value();
  if (smallest && (q.largest || maximise_key))
    throw SweepRequestError{"the search finds the smallest or the largest value: give one"};
  if (smallest && q.maximise_given) {
    throw SweepRequestError{"--maximise " + q.maximise +
                            " steers a search for the largest value; the smallest (--smallest, "
                            "--minimise) meeting the objectives needs no figure: drop --maximise"};
  }
  return smallest ? SearchFor::Smallest : SearchFor::Largest;
}

}  // namespace hcisim::frontend
