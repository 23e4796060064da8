#include "tools/cli/options.hpp"

#include <iostream>

namespace hcisim::cli {

namespace po = boost::program_options;

bool parse_command_line(const std::vector<std::string>& args, const std::string& usage,
                        po::options_description& options, const po::positional_options_description& positional,
                        po::variables_map& vm) {
  options.add_options()("help,h", "this help");
  po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << options << "\n";
    return false;
  }
  po::notify(vm);
  return true;
}

}  // namespace hcisim::cli
