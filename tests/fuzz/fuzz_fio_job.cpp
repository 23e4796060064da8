// libFuzzer: the input as a fio job file. Parses into what the model can run,
// or fails with a LoadError "FILE:LINE: ...".
#include "fuzz_target.hpp"
#include "tools/frontend/fio_job_parser.hpp"
#include "tools/frontend/input_limits.hpp"
#include "tools/frontend/load_error.hpp"

using namespace hcisim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const models::DiskspdSpec spec = frontend::parse_fio_job_file(fuzz::as_text(data, size), "job.fio");
    if (spec.targets.empty()) __builtin_trap();
    for (const models::DiskspdTarget& t : spec.targets) {
      if (t.block_bytes == 0 || t.block_bytes > frontend::limits::kMaxBlockBytes || t.threads < 1 ||
          t.outstanding < 1 || t.write_fraction < 0 || t.write_fraction > 1) {
        __builtin_trap();
      }
    }
  } catch (const frontend::LoadError& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
