#include "tests/scenarios/fingerprint_file.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace hcisim::test {
namespace {

constexpr const char* kSeparator = " | ";

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

}  // namespace

std::vector<FingerprintLine> read_fingerprints(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file.string() + ": cannot be read");
  std::vector<FingerprintLine> lines;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    for (std::size_t start = 0;;) {
      const auto end = line.find(kSeparator, start);
      fields.push_back(trimmed(line.substr(start, end - start)));
      if (end == std::string::npos) break;
      start = end + 3;
    }
    if (fields.size() != 3) {
      throw std::runtime_error(file.string() + ":" + std::to_string(number) +
                               ": expected 'scenario | run | fingerprint', got '" + line + "'");
    }
    lines.push_back({fields[0], fields[1], fields[2]});
  }
  return lines;
}

void write_fingerprints(const std::filesystem::path& file, const std::vector<FingerprintLine>& lines) {
  std::size_t width = 0;
  for (const FingerprintLine& l : lines) width = std::max(width, l.scenario.size());
  std::ofstream out(file);
  out << "# The fingerprint of every bundled scenario's reports, checked by scenario_tests \"[fingerprint]\"\n"
         "# (tests/scenarios/test_fingerprints.cpp; docs/testing-and-fuzzing.md). Columns: the scenario, the\n"
         "# --set assignments its short run adds to the file, the fingerprint. Written by\n"
         "#   HCISIM_UPDATE_FINGERPRINTS=1 build/bin/scenario_tests \"[fingerprint]\"\n"
         "# only on purpose: the commit that rewrites it says which predictions moved and why.\n";
  for (const FingerprintLine& l : lines) {
    out << l.scenario << std::string(width - l.scenario.size(), ' ') << kSeparator << l.run << kSeparator
        << l.fingerprint << "\n";
  }
  if (!out) throw std::runtime_error(file.string() + ": cannot be written");
}

}  // namespace hcisim::test
