// Command-line arguments of the bench programs: a number is taken whole or
// refused, an option the program does not know is refused (not read as a
// scenario file), and --help prints the usage. A refusal names the argument,
// prints the usage and exits with status 2.
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace hcisim::bench {

class Args {
 public:
  Args(int argc, char** argv, const char* usage) : argc_(argc), argv_(argv), usage_(usage) {
    for (int i = 1; i < argc; ++i) {
      if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
        std::printf("usage: %s\n", usage_);
        std::exit(0);
      }
    }
  }

  bool next() { return ++at_ < argc_; }
  std::string arg() const { return argv_[at_]; }
  bool is(const char* option) const { return arg() == option; }

  // The value after the current option, a number in [low, high].
  double number(double low, double high) {
    const std::string option = arg();
    if (at_ + 1 >= argc_) refuse(option + " needs a value");
    ++at_;
    return parse(option + " " + arg(), low, high);
  }
  // The current argument itself, a number in [low, high].
  double positional_number(const char* what, double low, double high) const {
    return parse(std::string(what) + " '" + arg() + "'", low, high);
  }
  // The value after the current option, as text.
  std::string text() {
    const std::string option = arg();
    if (at_ + 1 >= argc_) refuse(option + " needs a value");
    return argv_[++at_];
  }
  // A positional argument: anything but an unknown option.
  std::string positional() const {
    if (arg().rfind("-", 0) == 0) refuse("unknown option '" + arg() + "'");
    return arg();
  }

  [[noreturn]] void refuse(const std::string& why) const {
    std::fprintf(stderr, "%s: %s\nusage: %s\n", argv_[0], why.c_str(), usage_);
    std::exit(2);
  }

 private:
  double parse(const std::string& what, double low, double high) const {
    const std::string t = arg();
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (end == t.c_str() || *end != '\0' || errno != 0 || !std::isfinite(v) || v < low || v > high) {
      refuse(what + ": expected a number from " + shown(low) + " to " + shown(high));
    }
    return v;
  }
  static std::string shown(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
  }
  int argc_;
  char** argv_;
  const char* usage_;
  int at_ = 0;
};

}  // namespace hcisim::bench
