// libFuzzer: the input as a DISKSPD XML profile. Parses into what the model can
// run, or fails with a DiskspdError "FILE:LINE: <Element>: ...".
#include "fuzz_target.hpp"
#include "tools/frontend/diskspd_parser.hpp"
#include "tools/frontend/diskspd_xml.hpp"
#include "tools/frontend/input_limits.hpp"

using namespace hcisim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const models::DiskspdSpec spec = frontend::parse_diskspd_xml(fuzz::as_text(data, size), "profile.xml");
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
  return 0;
}
