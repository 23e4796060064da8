// Reads the fields of one catalog part and remembers, for `catalog show`, each
// value with its unit and source. Enforces the catalog rule: every number has a
// source, either the part's `source:` or its own {value: ..., source: ...}.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend {

// One field of a part as `catalog show` prints it.
struct PartField {
  std::string key;           // "random_read_iops", "guest.cycles_per_io", "drives[0].count"
  std::string value;         // readable, with unit: "1,400,000 IOPS", "3.2 TB"
  std::string source;        // empty for names, ids and choices
  std::string reference_id;  // set when the value names another part
  int line = 0;
};

// The number under `key`: the key's value, or the value of its {value: ..., source: ...}.
YamlValue number_at(const YamlMap& map, std::string_view key);
// For a check across fields: "FILE:LINE: key 'KEY': expected EXPECTED, got '<the number>'".
[[noreturn]] void fail_number(const YamlMap& map, std::string_view key, const std::string& expected);

class PartFieldReader {
 public:
  // `part_source` is the part's own source: (or the family's), if any.
  PartFieldReader(std::optional<std::string> part_source, std::vector<PartField>& out)
      : part_source_(std::move(part_source)), out_(out) {}

  // Reading a part again with a scenario's overrides (read_overridden_part): a
  // value not written in `catalog_file` is an override. It needs no source of its
  // own; its source is "scenario override (WHERE)", followed by the source it
  // gives ({value: ..., source: ...}) if any; a choice or reference overridden
  // gets that source too.
  void mark_overrides_against(std::string catalog_file) { catalog_file_ = std::move(catalog_file); }

  // Numbers: required ones throw when missing; optional ones return nullopt.
  // `unit` labels plain counts in `catalog show` ("IOPS", "cores").
  std::int64_t integer(const YamlMap& map, std::string_view key, std::int64_t min, std::int64_t max,
                       std::string_view unit = {});
  std::optional<std::int64_t> optional_integer(const YamlMap& map, std::string_view key, std::int64_t min,
                                               std::int64_t max, std::string_view unit = {});
  double count(const YamlMap& map, std::string_view key, std::string_view unit);
  double real(const YamlMap& map, std::string_view key, double min, std::string_view unit = {});
  // A number in [min, max]; `expected` describes that range in the error ("a number from 0 to 10").
  double real_within(const YamlMap& map, std::string_view key, double min, double max, std::string_view unit,
                     const std::string& expected);
  std::optional<double> optional_real(const YamlMap& map, std::string_view key, double min, std::string_view unit = {});
  std::uint64_t size(const YamlMap& map, std::string_view key);
  std::int64_t duration_ns(const YamlMap& map, std::string_view key);
  std::optional<std::int64_t> optional_duration_ns(const YamlMap& map, std::string_view key);
  double bit_rate(const YamlMap& map, std::string_view key);
  double byte_rate(const YamlMap& map, std::string_view key);
  double frequency(const YamlMap& map, std::string_view key);

  // Text and choices need no source; they are recorded for `catalog show`.
  std::string text(const YamlMap& map, std::string_view key);
  std::string reference(const YamlMap& map, std::string_view key);  // the id of another part
  template <class T>
  T choice(const YamlMap& map, std::string_view key, std::initializer_list<std::pair<std::string_view, T>> choices,
           std::optional<T> fallback);

 private:
  double positive(const YamlMap& map, std::string_view key, double (YamlValue::*parse)() const,
                  std::string (*format)(double), std::string_view what, double minimum);
  struct Sourced {
    YamlValue value;     // the number itself
    std::string source;  // never empty
  };
  std::optional<Sourced> find(const YamlMap& map, std::string_view key) const;
  Sourced need(const YamlMap& map, std::string_view key) const;
  void record(const Sourced& field, std::string shown);
  void record_plain(const YamlValue& value, std::string shown, std::string reference_id = {});

  std::optional<std::string> override_source(const YamlValue& value) const;

  std::optional<std::string> part_source_;
  std::vector<PartField>& out_;
  std::string catalog_file_;  // empty: no overrides (a catalog file being read)
};

template <class T>
T PartFieldReader::choice(const YamlMap& map, std::string_view key,
                          std::initializer_list<std::pair<std::string_view, T>> choices, std::optional<T> fallback) {
  const auto value = fallback ? map.optional(key) : std::optional<YamlValue>(map.required(key));
  if (!value) return *fallback;
  const T chosen = value->choice(choices);
  record_plain(*value, value->node().scalar);
  return chosen;
}

}  // namespace hcisim::frontend
