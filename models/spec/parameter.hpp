// A catalog part's parameter, declared once beside its spec: the key it is
// written under, what kind of quantity it is, whether it is required (or its
// default), plain bounds, which variants of the part use it, and a one-line doc.
// The front end derives from these lists the allowed keys, the plain bound
// checks, `hcisim catalog describe KIND` and the catalog README's field tables.
// Plain data: no YAML, no printing.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace hcisim::models {

enum class Quantity {
  Count,      // a positive number, k/M/G accepted ("1.4M")
  Integer,    // a whole number
  Real,       // a plain number ("1.25")
  Size,       // bytes ("3.2TB", "4KiB")
  Duration,   // ("90us")
  BitRate,    // ("25Gb/s")
  ByteRate,   // ("6.9GB/s")
  Frequency,  // ("2.25GHz")
  Text,       // free text
  Choice,     // one of `choices`
  Reference,  // the id of another part, of kind `refers_to`
  List,       // a list of mappings, described by the doc line (and by `fields`, if declared)
  Mapping,    // a mapping of named numbers, described by the doc line (and by `fields`, if declared)
};

struct Parameter {
  std::string_view name;  // the YAML key
  Quantity quantity = Quantity::Real;
  std::string_view unit;                  // the label `catalog show` prints after a count or number ("IOPS")
  std::string_view default_value;         // empty: required; else what an absent key means ("1", "none")
  std::optional<double> min;              // in SI units (bytes, ns, b/s, B/s, Hz)
  bool min_exclusive = false;             // the bound is "above min", not "at least min"
  std::optional<double> max;              // in SI units
  std::vector<std::string_view> choices;  // the words of a Choice
  std::string_view refers_to;             // a Reference's part kind ("cpu")
  std::string_view applies_to;            // empty: every variant; else which ones ("hdd")
  std::string_view doc;                   // one line
  std::vector<Parameter> fields;          // a Mapping's keys (a List's items' keys), where declared

  bool required() const { return default_value.empty(); }
};

}  // namespace hcisim::models
