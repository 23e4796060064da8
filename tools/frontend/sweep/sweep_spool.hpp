// The rows of a sweep without --out, kept in an unnamed temporary file (in
// the system's temporary folder, removed however the process ends) instead
// of memory: a point then costs 12 bytes of memory however long its row.
#pragma once

#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <vector>

namespace hcisim::frontend {

class RowSpool {
 public:
  explicit RowSpool(std::size_t points);  // throws std::runtime_error when no temporary file can be made
  ~RowSpool();
  RowSpool(const RowSpool&) = delete;
  RowSpool& operator=(const RowSpool&) = delete;

  void put(std::size_t index, const nlohmann::json& row);
  nlohmann::json at(std::size_t index) const;  // a row put earlier

 private:
  std::FILE* file_ = nullptr;
  std::uint64_t end_ = 0;
  std::vector<std::uint64_t> offset_;
  std::vector<std::uint32_t> size_;
};

}  // namespace hcisim::frontend
