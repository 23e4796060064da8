#include "tools/frontend/input/part_fields.hpp"

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/input_limits.hpp"

namespace hcisim::frontend {
namespace {

std::string with_unit(std::string number, std::string_view unit) {
  if (!unit.empty()) {
    number += ' ';
    number += unit;
  }
  return number;
}

}  // namespace

YamlValue number_at(const YamlMap& map, std::string_view key) {
  const YamlValue value = map.required(key);
  if (!value.is_map()) return value;
  return value.map({"value", "source"}).required("value");
}

void fail_number(const YamlMap& map, std::string_view key, const std::string& expected) {
  map.required(key).fail("expected " + expected + ", got " + number_at(map, key).node().describe());
}

std::optional<std::string> PartFieldReader::override_source(const YamlValue& value) const {
  if (catalog_file_.empty() || value.file() == catalog_file_) return std::nullopt;
  // A --set names itself; a scenario file its line.
  const bool set = value.file().starts_with("--set ");
  return "scenario override (" + (set ? value.file() : value.location()) + ")";
}

std::optional<PartFieldReader::Sourced> PartFieldReader::find(const YamlMap& map, std::string_view key) const {
  const auto value = map.optional(key);
  if (!value) return std::nullopt;
  const auto overridden = override_source(*value);
  if (value->is_map()) {
    // {value: 350k, source: "DS: ..."}
    const YamlMap sourced = value->map({"value", "source"});
    std::string source = sourced.required("source").text();
    if (overridden) source = *overridden + ": " + source;
    return Sourced{sourced.required("value"), std::move(source)};
  }
  if (overridden) return Sourced{*value, *overridden};
  if (!part_source_) {
    value->fail("expected a source for this number: give the part a 'source:' or write {value: " +
                (value->is_scalar() ? printable(value->node().scalar, kMaxQuotedChars) : std::string("...")) +
                ", source: \"DS: ...\"}, got a number without one");
  }
  return Sourced{*value, *part_source_};
}

PartFieldReader::Sourced PartFieldReader::need(const YamlMap& map, std::string_view key) const {
  auto found = find(map, key);
  if (!found) map.required(key);  // throws: missing
  return std::move(*found);
}

void PartFieldReader::record(const Sourced& field, std::string shown) {
  std::string key = field.value.path();
  if (const auto dot = key.rfind(".value"); dot != std::string::npos && dot + 6 == key.size()) {
    key.erase(dot);  // show "capacity", not "capacity.value"
  }
  out_.push_back({std::move(key), std::move(shown), field.source, {}, field.value.line()});
}

void PartFieldReader::record_plain(const YamlValue& value, std::string shown, std::string reference_id) {
  out_.push_back({value.path(), std::move(shown), override_source(value).value_or(std::string()),
                  std::move(reference_id), value.line()});
}

std::int64_t PartFieldReader::integer(const YamlMap& map, std::string_view key, std::int64_t min, std::int64_t max,
                                      std::string_view unit) {
  const Sourced field = need(map, key);
  const std::int64_t value = field.value.integer(min, max);
  record(field, with_unit(format_count(static_cast<double>(value)), unit));
  return value;
}

std::optional<std::int64_t> PartFieldReader::optional_integer(const YamlMap& map, std::string_view key,
                                                              std::int64_t min, std::int64_t max,
                                                              std::string_view unit) {
  if (!map.has(key)) return std::nullopt;
  return integer(map, key, min, max, unit);
}

double PartFieldReader::count(const YamlMap& map, std::string_view key, std::string_view unit) {
  const Sourced field = need(map, key);
  const double value = field.value.count();
  if (value <= 0) field.value.fail_expected("a count greater than 0");
  record(field, with_unit(format_count(value), unit));
  return value;
}

double PartFieldReader::real(const YamlMap& map, std::string_view key, double min, std::string_view unit) {
  const Sourced field = need(map, key);
  const double value = field.value.number();
  if (value < min) field.value.fail_expected("a number of at least " + format_number(min));
  record(field, with_unit(format_number(value), unit));
  return value;
}

double PartFieldReader::real_within(const YamlMap& map, std::string_view key, double min, double max,
                                    std::string_view unit, const std::string& expected) {
  const Sourced field = need(map, key);
  const double value = field.value.number();
  // Named by its key, not 'KEY.value', when it carries its own source.
  if (!(value >= min && value <= max))
    map.required(key).fail("expected " + expected + ", got " + field.value.node().describe());
  record(field, with_unit(format_number(value), unit));
  return value;
}

std::optional<double> PartFieldReader::optional_real(const YamlMap& map, std::string_view key, double min,
                                                     std::string_view unit) {
  if (!map.has(key)) return std::nullopt;
  return real(map, key, min, unit);
}

std::uint64_t PartFieldReader::size(const YamlMap& map, std::string_view key) {
  const Sourced field = need(map, key);
  const std::uint64_t value = field.value.size();
  if (value == 0) field.value.fail_expected("a size greater than 0");
  record(field, format_size(value));
  return value;
}

std::int64_t PartFieldReader::duration_ns(const YamlMap& map, std::string_view key) {
  const Sourced field = need(map, key);
  const std::int64_t value = field.value.duration_ns();
  record(field, format_duration(value));
  return value;
}

std::optional<std::int64_t> PartFieldReader::optional_duration_ns(const YamlMap& map, std::string_view key) {
  if (!map.has(key)) return std::nullopt;
  return duration_ns(map, key);
}

// A rate-like quantity of at least `minimum`: parse with `parse`, print back with `format`.
double PartFieldReader::positive(const YamlMap& map, std::string_view key, double (YamlValue::*parse)() const,
                                 std::string (*format)(double), std::string_view what, double minimum) {
  const Sourced field = need(map, key);
  const double value = (field.value.*parse)();
  if (!(value >= minimum)) field.value.fail_expected(std::string(what) + " of at least " + format(minimum));
  record(field, format(value));
  return value;
}

double PartFieldReader::bit_rate(const YamlMap& map, std::string_view key) {
  return positive(map, key, &YamlValue::bit_rate, format_bit_rate, "a bit rate", limits::kMinBitsPerS);
}

double PartFieldReader::byte_rate(const YamlMap& map, std::string_view key) {
  return positive(map, key, &YamlValue::byte_rate, format_byte_rate, "a byte rate", limits::kMinBytesPerS);
}

double PartFieldReader::frequency(const YamlMap& map, std::string_view key) {
  return positive(map, key, &YamlValue::frequency, format_frequency, "a frequency", limits::kMinClockHz);
}

std::string PartFieldReader::text(const YamlMap& map, std::string_view key) {
  const YamlValue value = map.required(key);
  std::string text = value.text();
  record_plain(value, text);
  return text;
}

std::string PartFieldReader::reference(const YamlMap& map, std::string_view key) {
  const YamlValue value = map.required(key);
  std::string id = value.text();
  record_plain(value, id, id);
  return id;
}

}  // namespace hcisim::frontend
