#include "tools/frontend/input/suggestions.hpp"

#include <algorithm>
#include <utility>

#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {
namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> near_names(std::string_view wanted, const std::vector<std::string>& candidates) {
  const std::size_t limit = std::max<std::size_t>(2, wanted.size() / 4);
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const std::string& candidate : candidates) {
    const std::size_t distance = edit_distance(wanted, candidate);
    const bool contains = !wanted.empty() && (candidate.find(wanted) != std::string::npos ||
                                              wanted.find(candidate) != std::string_view::npos);
    if (distance <= limit || contains) scored.emplace_back(distance, candidate);
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;
  for (auto& [distance, name] : scored) out.push_back(std::move(name));
  return out;
}

std::string suggestion_text(std::string_view wanted, const std::vector<std::string>& candidates) {
  std::string text;
  const std::vector<std::string> near = near_names(wanted, candidates);
  if (!near.empty()) text += "; did you mean " + join_choices(near) + "?";
  if (candidates.empty()) return text + "; none are known";
  constexpr std::size_t kMaxListed = 20;
  std::vector<std::string> listed(
      candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(std::min(kMaxListed, candidates.size())));
  text += near.empty() ? "; known: " : " known: ";  // after the question, no second semicolon
  for (std::size_t i = 0; i < listed.size(); ++i) text += (i ? ", " : "") + listed[i];
  if (candidates.size() > kMaxListed) text += ", ... (" + std::to_string(candidates.size()) + " in all)";
  return text;
}

}  // namespace hcisim::frontend
