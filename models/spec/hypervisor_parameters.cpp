#include "models/spec/hypervisor_parameters.hpp"

#include "models/spec/stack_parameters.hpp"

// Each entry names only the fields it sets (designated initializers); the rest keep their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace hcisim::models {

using Q = Quantity;

const std::vector<Parameter>& hypervisor_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "type", .quantity = Q::Choice, .choices = {"hyper-v", "esxi"}, .doc = "the hypervisor"},
      {.name = "version",
       .quantity = Q::Text,
       .default_value = "none",
       .doc = "shown by catalog show; the costs carry the difference"},
      {.name = "guest",
       .quantity = Q::Mapping,
       .doc = "per I/O on the VM's vCPUs: {cycles_per_io, cycles_per_byte} (the guest's storage stack and driver)"},
      {.name = "host",
       .quantity = Q::Mapping,
       .doc = "per I/O on the host CPU: {cycles_per_io, cycles_per_byte} (the virtual storage stack)"},
      {.name = "disk_queue_depth",
       .quantity = Q::Integer,
       .unit = "outstanding I/Os per virtual disk",
       .min = 1,
       .max = 65536,
       .doc = "I/Os in flight per virtual disk; more wait in the guest"},
      {.name = "adapter_queue_depth",
       .quantity = Q::Integer,
       .unit = "outstanding I/Os per virtual storage adapter",
       .default_value = "none",
       .min = 1,
       .max = 65536,
       .doc = "I/Os in flight per virtual storage adapter over its disks; a VM's data disk sits on one"},
      {.name = "vm_restart",
       .quantity = Q::Duration,
       .default_value = "0",
       .doc = "a failed node's VM restarting on another node, once the failure is detected"},
      {.name = "scheduler",
       .quantity = Q::Choice,
       .default_value = "classic",
       .choices = {"classic", "core"},
       .doc = "under the core scheduler a guest burst holds a whole core; a scenario may set cluster.vp_scheduler"},
      {.name = "io_latency",
       .quantity = Q::Duration,
       .default_value = "0",
       .doc = "the virtual disk path's fixed latency per I/O, not CPU work"},
      {.name = "guest_background",
       .quantity = Q::Mapping,
       .default_value = "none",
       .doc = "the guest OS's own work on each VM's vCPUs, in random bursts: both above 0, or both 0 (none)",
       .fields = {{.name = "cycles_per_second",
                   .quantity = Q::Real,
                   .unit = "cycles per second per VM",
                   .min = 0,
                   .max = layer_limits::kMaxCyclesPerIo * 1e3,
                   .doc = "the work's mean rate; at least cycles_per_burst / 3600 (a burst at least every hour)"},
                  {.name = "cycles_per_burst",
                   .quantity = Q::Real,
                   .unit = "cycles per burst",
                   .min = 0,
                   .max = layer_limits::kMaxCyclesPerIo,
                   .doc = "a burst's mean work; at least a millionth of cycles_per_second"}}},
      {.name = "vcpus_per_channel",
       .quantity = Q::Integer,
       .unit = "virtual processors per storage channel",
       .default_value = "none",
       .min = 1,
       .max = 1024,
       .doc = "a storage channel per that many vCPUs, each doing its I/Os' host work one at a time; none: the host "
              "work runs with the storage product's first burst"},
  };
  return list;
}

}  // namespace hcisim::models
