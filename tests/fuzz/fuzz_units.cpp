// libFuzzer: the input through every quantity parser (sizes, durations, rates,
// frequencies, percentages, counts, numbers, integers). Parses to a finite,
// non-negative value where the parser promises one, or fails with a UnitError.
#include <cmath>

#include "fuzz_target.hpp"
#include "tools/frontend/base/units.hpp"

using namespace hcisim;

namespace {
template <class Parse>
void attempt(Parse parse, const std::string& text, bool non_negative) {
  try {
    const double value = static_cast<double>(parse(text));
    if (!std::isfinite(value) || (non_negative && value < 0)) __builtin_trap();
  } catch (const frontend::UnitError& e) {
    fuzz::check_message(e.what());
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::as_text(data, size);
  attempt(frontend::parse_size, text, true);
  attempt(frontend::parse_duration_ns, text, true);
  attempt(frontend::parse_bit_rate, text, true);
  attempt(frontend::parse_byte_rate, text, true);
  attempt(frontend::parse_frequency, text, true);
  attempt(frontend::parse_percent, text, true);
  attempt(frontend::parse_count, text, true);
  attempt(frontend::parse_number, text, false);
  attempt(frontend::parse_integer, text, false);
  return 0;
}
