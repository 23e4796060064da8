// libFuzzer: the input as a fio job file. Parses into what the model can run,
// or fails with a LoadError "FILE:LINE: ...".
#include "fuzz_target.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/fio_job_parser.hpp"

using namespace hcisim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const models::DiskspdSpec spec = frontend::parse_fio_job_file(fuzz::as_text(data, size), "job.fio");
    fuzz::check_runnable(spec);
  } catch (const frontend::LoadError& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
