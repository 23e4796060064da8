// What a search (sweep --over --slo) is asked, and the parts of it read
// before anything runs: the key and its range (--over), which end it looks
// for (--largest, --smallest, --minimise, --maximise).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/sweep/bound_search.hpp"

namespace hcisim::frontend {

struct SearchRequest {
  std::string over;               // --over key.path=LO..HI
  std::vector<std::string> slos;  // --slo, as given
  // --maximise FIGURE: the figure reported, and where a largest-value search
  // starts (the value the fast path gives the most of it among those meeting
  // the objectives). --maximise KEY (the --over key) is --largest.
  std::string maximise = "total_iops";
  bool maximise_given = false;
  std::optional<std::string> minimise;  // --minimise KEY: --smallest, KEY being the --over key
  bool smallest = false, largest = false;
  int jobs = 1;
  bool quiet = false, use_mpi = false;
  const OutputFile* json = nullptr;
  const OutputFile* csv = nullptr;
  std::string plot_dir;  // --plot DIR, or empty
};

// --over key.path=LO..HI: the key and its whole-number range.
struct SearchRange {
  std::string key;
  long long lo = 0, hi = 0;
};

// Throws SweepRequestError naming what is wrong (0 <= LO < HI, at most 10,000,000 apart).
SearchRange parse_over(const std::string& text);

// Which end the search looks for, from --largest, --smallest, --minimise KEY and
// --maximise KEY, `key` being the --over key; throws SweepRequestError for a
// combination that names both ends or a key other than `key`.
SearchFor search_direction(const SearchRequest& q, const std::string& key);

}  // namespace hcisim::frontend
