#include "models/io/io_request.hpp"

namespace hcisim::models {

const char* io_stage_name(IoStage stage) {
  switch (stage) {
    case IoStage::Guest: return "guest";
    case IoStage::VmQueue: return "vm_queue";
    case IoStage::Host: return "host_cpu";
    case IoStage::Redirect: return "redirect";
    case IoStage::Network: return "network";
    case IoStage::RemoteCpu: return "remote_cpu";
    case IoStage::Drive: return "drive";
    case IoStage::CompletionCpu: return "completion_cpu";
    case IoStage::Count: break;
  }
  return "?";
}

}  // namespace hcisim::models
