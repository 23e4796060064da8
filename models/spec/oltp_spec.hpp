// What an OLTP database VM runs: users looping think time -> transaction
// against a SQL Server-like engine (buffer pool, write-ahead log with group
// commit, checkpoints). Plain data; the numbers and their sources are in
// hardware-catalog/applications/sql-server-oltp.yaml, and the defaults below
// are the same values. Units: bytes, nanoseconds, CPU cycles.
//
// Calibration handles (seed-systems.md section 3; the fitting is done elsewhere):
// - think_time_ns: fixed by the measured TPS (users / TPS - latency);
// - cpu_scale: one factor on every transaction's CPU cycles;
// - buffer_pool.hot_access_fraction: the access skew, which sets the hit ratio
//   and so the page reads per transaction.
// Everything else is a documented or estimated constant, not to be fitted.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace hcisim::models {

enum class OltpTransaction { NewOrder, Payment, OrderStatus, Delivery, StockLevel };
constexpr int kOltpTransactionTypes = 5;

inline const char* oltp_transaction_name(int type) {
  constexpr const char* names[kOltpTransactionTypes] = {"new_order", "payment", "order_status", "delivery",
                                                        "stock_level"};
  return type >= 0 && type < kOltpTransactionTypes ? names[type] : "?";
}

// One transaction type. Counts are means per transaction; a fractional count c
// is floor(c) or floor(c) + 1 with the right probability.
struct OltpTransactionSpec {
  double mix = 0;               // share of all transactions (the shares sum to 1)
  double cpu_cycles = 0;        // CPU work in the VM (before cpu_scale)
  double page_reads = 0;        // logical page reads: buffer-pool look-ups, each a hit or a miss
  double page_writes = 0;       // page modifications: each makes one (hot/cold-drawn) page dirty
  std::uint32_t log_bytes = 0;  // log generated; 0 = read-only, commits without a log write
};

// TPC-C mix (DOC: TPC-C clause 5.2.3 minimum shares; new-order takes the rest);
// the per-type counts are estimates, reasoned in the catalog file.
inline std::array<OltpTransactionSpec, kOltpTransactionTypes> tpcc_like_transactions() {
  return {{
      {0.45, 1'450'000, 130, 16, 3'600},   // new-order
      {0.43, 525'000, 20, 4, 800},         // payment
      {0.04, 650'000, 20, 0, 0},           // order-status (read-only)
      {0.04, 4'300'000, 160, 40, 13'000},  // delivery (10 districts in one transaction)
      {0.04, 4'900'000, 800, 0, 0},        // stock-level (read-only)
  }};
}

// The buffer pool and the access skew of the database pages ("hot set": a
// fraction of the accesses goes to a fraction of the pages, uniformly inside
// each part). The LRU hit ratio follows from buffer vs database size and the
// skew (characteristic-time approximation, see page_skew.hpp), unless given.
struct OltpBufferPoolSpec {
  std::uint64_t buffer_bytes = 0;    // scenario: SQL Server max memory for the buffer pool
  std::uint64_t database_bytes = 0;  // scenario: data file size (pages at the start of the VM's disk)
  double hot_data_fraction = 0.1;    // share of pages that are hot
  double hot_access_fraction = 0.9;  // share of page accesses that go to them
  std::optional<double> hit_ratio;   // given: used instead of the skew's (misses then fall uniformly;
                                     // the skew still places page writes)
  // Dirty (or being written) pages above this share of the buffer pool start a
  // flush pass early (the lazy writer's job of keeping free buffers). At 100 %
  // a transaction that would dirty more pages waits for flushed ones.
  double flush_start_fraction = 0.5;
};

// The transaction log: sequential writes in a region at the end of the VM's disk.
struct OltpLogSpec {
  std::uint64_t region_bytes = 10ull << 30;   // log file size (circular)
  std::uint32_t sector_bytes = 512;           // a log write is rounded up to whole sectors
  std::uint32_t max_write_bytes = 60 * 1024;  // largest log block (one write)
  int max_outstanding_writes = 32;            // log writes in flight at once per database
};

// Checkpoints: every interval, one pass over the data file writes the dirty
// pages, coalescing adjacent ones up to max_write_bytes, with a bounded number
// of writes in flight.
struct OltpCheckpointSpec {
  std::int64_t interval_ns = 60'000'000'000;
  std::uint32_t max_write_bytes = 64 * 1024;
  int max_outstanding_writes = 32;
};

struct OltpSpec {
  int users_per_vm = 0;            // scenario
  std::int64_t think_time_ns = 0;  // scenario: mean, exponentially distributed
  std::array<OltpTransactionSpec, kOltpTransactionTypes> transactions = tpcc_like_transactions();
  double cpu_scale = 1.0;           // factor on every cpu_cycles (calibration handle)
  std::uint32_t page_bytes = 8192;  // SQL Server page
  OltpBufferPoolSpec buffer_pool;
  OltpLogSpec log;
  OltpCheckpointSpec checkpoint;
  // Page reads in flight at once per VM (a memory bound of the model, set well
  // above what the workload needs; a transaction that finds none free waits).
  int max_outstanding_reads = 256;
};

// An application part of the catalog (applications/): the engine's constants
// and per-transaction work. A scenario adds users, think time and sizes.
struct OltpApplicationSpec {
  std::string id;
  std::string model;
  OltpSpec oltp;  // users_per_vm, think_time_ns and the buffer pool/database sizes stay unset
};

}  // namespace hcisim::models
