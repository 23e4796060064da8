// The cache tier's statistics, declared once: CacheTier reads them into the
// run's statistics (sim/statistics.hpp) under "node<N>/cache_tier/", the fast path
// estimates the same names, and reports find them there by name.
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace hcisim::models::cache_statistics {

struct Declared {
  std::string_view name;
  std::string_view unit;
  bool count = false;  // an integer count (else a measure)
};

// Reads the cache could serve: hits and misses; bypasses went to the capacity drive.
inline constexpr Declared kReadHits{"read_hits", "I/Os", true};
inline constexpr Declared kReadMisses{"read_misses", "I/Os", true};
inline constexpr Declared kReadBypasses{"read_bypasses", "I/Os", true};
inline constexpr Declared kWritesCached{"writes_cached", "I/Os", true};
inline constexpr Declared kWritesBypassed{"writes_bypassed", "I/Os", true};
// Hits over hits and misses (0 when the cache served no read).
inline constexpr Declared kReadHitRatio{"read_hit_ratio", "fraction"};
inline constexpr Declared kFill{"fill", "fraction"};                   // share of the cache holding data
inline constexpr Declared kDirtyBytes{"dirty_bytes", "bytes"};         // at the end of the run
inline constexpr Declared kDestage{"destage_bytes_per_s", "bytes/s"};  // over the measured time
inline constexpr Declared kCacheDriveMean{"cache_drive_utilisation_mean", "fraction"};
inline constexpr Declared kCacheDriveMax{"cache_drive_utilisation_max", "fraction"};
inline constexpr Declared kCapacityDriveMean{"capacity_drive_utilisation_mean", "fraction"};
inline constexpr Declared kCapacityDriveMax{"capacity_drive_utilisation_max", "fraction"};

// Every one, in the order CacheTier declares them.
inline constexpr std::array<Declared, 13> kAll{
    kReadHits,   kReadMisses, kReadBypasses,   kWritesCached,  kWritesBypassed,    kReadHitRatio,    kFill,
    kDirtyBytes, kDestage,    kCacheDriveMean, kCacheDriveMax, kCapacityDriveMean, kCapacityDriveMax};

// The name the tier enrols by, and where node `node` (0-based)'s puts them:
// "node3/cache_tier/" and the statistic's name.
inline constexpr std::string_view kComponent = "cache_tier";
inline std::string path(int node) { return "node" + std::to_string(node + 1) + "/" + std::string(kComponent) + "/"; }
inline std::string name(int node, const Declared& statistic) { return path(node) + std::string(statistic.name); }

}  // namespace hcisim::models::cache_statistics
