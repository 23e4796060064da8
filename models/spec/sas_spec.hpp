// SAS's rhel_iotest.sh as the seed runs it (seed-systems.md section 4): one
// sequential stream per physical core of each client VM, each writing its own
// file of file_bytes in calls of block_bytes, then (once every stream has
// written and the data is flushed) reading it back the same way.
#pragma once

#include <cstdint>

namespace hcisim::models {

struct SasIotestSpec {
  std::uint64_t file_bytes = 0;   // per stream (before any coarse time scale)
  std::uint64_t block_bytes = 0;  // one read() / write() call
  int streams_per_client = 0;     // one per physical core of the client VM
};

}  // namespace hcisim::models
