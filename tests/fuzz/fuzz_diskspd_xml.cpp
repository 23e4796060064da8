// libFuzzer: the input as a DISKSPD XML profile. Parses into what the model can
// run, or fails with a DiskspdError "FILE:LINE: <Element>: ...".
#include "fuzz_target.hpp"
#include "tools/frontend/input/diskspd_parser.hpp"
#include "tools/frontend/input/diskspd_xml.hpp"

using namespace hcisim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const models::DiskspdSpec spec = frontend::parse_diskspd_xml(fuzz::as_text(data, size), "profile.xml");
    fuzz::check_runnable(spec);
  } catch (const frontend::DiskspdError& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
