// libFuzzer: the input as a DISKSPD command line and as a VMFleet profile name.
// Parses, or fails with a DiskspdError.
#include "fuzz_target.hpp"
#include "tools/frontend/input/diskspd_parser.hpp"

using namespace hcisim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::as_text(data, size);
  for (const bool vmfleet : {false, true}) {
    try {
      const models::DiskspdSpec spec =
          vmfleet ? frontend::parse_vmfleet_profile(text) : frontend::parse_diskspd_command(text);
      fuzz::check_runnable(spec);
    } catch (const frontend::DiskspdError& e) {
      fuzz::check_message(e.what());
    }
  }
  return 0;
}
