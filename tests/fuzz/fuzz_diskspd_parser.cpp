// libFuzzer: the input as a DISKSPD command line and as a VMFleet profile name.
// Parses, or fails with a DiskspdError.
#include "fuzz_target.hpp"
#include "tools/frontend/diskspd_parser.hpp"
#include "tools/frontend/input_limits.hpp"

using namespace hcisim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::as_text(data, size);
  for (const bool vmfleet : {false, true}) {
    try {
      const models::DiskspdSpec spec =
          vmfleet ? frontend::parse_vmfleet_profile(text) : frontend::parse_diskspd_command(text);
      // What parses is within what the model represents.
      if (spec.targets.empty()) __builtin_trap();
      for (const models::DiskspdTarget& t : spec.targets) {
        if (t.block_bytes == 0 || t.block_bytes > frontend::limits::kMaxBlockBytes || t.threads < 1 ||
            t.outstanding < 1 || t.write_fraction < 0 || t.write_fraction > 1) {
          __builtin_trap();
        }
      }
    } catch (const frontend::DiskspdError& e) {
      fuzz::check_message(e.what());
    }
  }
  return 0;
}
