// libFuzzer: the input as a sweep's --vary and as an --slo. Each parses (a
// --vary into a bounded list of values) or fails with std::invalid_argument.
#include "fuzz_target.hpp"
#include "tools/frontend/sweep/slo.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"

using namespace hcisim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::as_text(data, size);
  try {
    const frontend::SweepAxis axis = frontend::parse_vary(text);
    if (axis.key.empty() || axis.values.empty() || axis.values.size() > 1'000'000) __builtin_trap();
  } catch (const std::invalid_argument& e) {
    fuzz::check_message(e.what());
  }
  try {
    (void)frontend::parse_slo(text);
  } catch (const std::invalid_argument& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
