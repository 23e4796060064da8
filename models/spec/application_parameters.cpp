#include "models/spec/application_parameters.hpp"

#include "models/spec/oltp_spec.hpp"

// Each entry names only the fields it sets (designated initializers); the rest keep their defaults.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace hcisim::models {

using Q = Quantity;
namespace L = oltp_limits;

namespace {

Parameter fraction(std::string_view name, std::string_view doc) {
  return {.name = name, .quantity = Q::Real, .min = 0, .max = 1, .doc = doc};
}

Parameter write_size(std::string_view doc) {
  return {.name = "max_write_size", .quantity = Q::Size, .max = L::kMaxWriteBytes, .doc = doc};
}

Parameter outstanding_writes(std::string_view doc) {
  return {.name = "max_outstanding_writes",
          .quantity = Q::Integer,
          .unit = "writes",
          .min = 1,
          .max = L::kMaxOutstanding,
          .doc = doc};
}

// One transaction type's work: means per transaction (a fractional count c is floor(c) or floor(c) + 1).
std::vector<Parameter> transaction_fields() {
  return {
      fraction("mix", "share of all transactions; the five shares sum to 1"),
      {.name = "cpu_cycles",
       .quantity = Q::Real,
       .unit = "cycles",
       .min = 0,
       .max = L::kMaxCycles,
       .doc = "CPU work in the VM, before cpu_scale"},
      {.name = "page_reads",
       .quantity = Q::Real,
       .unit = "pages",
       .min = 0,
       .max = L::kMaxPages,
       .doc = "logical page reads: buffer-pool look-ups, each a hit or a miss"},
      {.name = "page_writes",
       .quantity = Q::Real,
       .unit = "pages",
       .min = 0,
       .max = L::kMaxPages,
       .doc = "page modifications, each making one page dirty"},
      {.name = "log_bytes",
       .quantity = Q::Integer,
       .unit = "bytes",
       .min = 0,
       .max = L::kMaxWriteBytes,
       .doc = "log generated; 0: read-only, commits without a log write"},
  };
}

std::vector<Parameter> transaction_types() {
  std::vector<Parameter> types;
  static constexpr std::string_view kDocs[kOltpTransactionTypes] = {
      "TPC-C's new-order", "TPC-C's payment", "TPC-C's order-status", "TPC-C's delivery", "TPC-C's stock-level"};
  for (int k = 0; k < kOltpTransactionTypes; ++k) {
    types.push_back(
        {.name = oltp_transaction_name(k), .quantity = Q::Mapping, .doc = kDocs[k], .fields = transaction_fields()});
  }
  return types;
}

}  // namespace

const std::vector<Parameter>& application_parameters() {
  static const std::vector<Parameter> list = {
      {.name = "cpu_scale",
       .quantity = Q::Real,
       .unit = "x",
       .min = L::kMinCpuScale,
       .max = L::kMaxCpuScale,
       .doc = "factor on every transaction's cpu_cycles (a calibration handle)"},
      {.name = "page_size", .quantity = Q::Size, .max = L::kMaxWriteBytes, .doc = "the database page"},
      {.name = "transactions",
       .quantity = Q::Mapping,
       .doc = "each transaction type's share and work",
       .fields = transaction_types()},
      {.name = "buffer_pool",
       .quantity = Q::Mapping,
       .doc = "the access skew over the database pages (a scenario gives the pool's and the database's sizes)",
       .fields =
           {
               {.name = "hot_data_fraction",
                .quantity = Q::Real,
                .min = 0,
                .min_exclusive = true,
                .doc = "share of pages that are hot; below 1"},
               fraction("hot_access_fraction", "share of page accesses that go to the hot pages"),
               {.name = "flush_start_fraction",
                .quantity = Q::Real,
                .min = 0,
                .min_exclusive = true,
                .max = 1,
                .doc = "dirty share of the pool that starts a flush pass early"},
               {.name = "hit_ratio",
                .quantity = Q::Real,
                .default_value = "from the skew and the sizes",
                .min = 0,
                .max = 1,
                .doc = "given: used instead of the skew's (misses then fall uniformly)"},
           }},
      {.name = "log",
       .quantity = Q::Mapping,
       .doc = "the transaction log: sequential writes in a region at the end of the VM's disk",
       .fields =
           {
               {.name = "region_size", .quantity = Q::Size, .doc = "log file size (circular)"},
               {.name = "sector_size",
                .quantity = Q::Size,
                .max = L::kMaxWriteBytes,
                .doc = "a log write is rounded up to whole sectors"},
               write_size("largest log block (one write); a multiple of sector_size"),
               outstanding_writes("log writes in flight at once per database"),
           }},
      {.name = "checkpoint",
       .quantity = Q::Mapping,
       .doc = "every interval, a pass writes the dirty pages, adjacent ones coalesced",
       .fields =
           {
               {.name = "interval", .quantity = Q::Duration, .min = 0, .min_exclusive = true, .doc = "between passes"},
               write_size("largest coalesced write; a multiple of page_size"),
               outstanding_writes("checkpoint writes in flight at once"),
           }},
      {.name = "max_outstanding_reads",
       .quantity = Q::Integer,
       .unit = "reads",
       .min = 1,
       .max = L::kMaxOutstanding,
       .doc = "page reads in flight at once per VM (a memory bound of the model; a transaction finding none waits)"},
  };
  return list;
}

}  // namespace hcisim::models
