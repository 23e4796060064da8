// vms.workload: the I/O each VM issues, in one of its forms (VMFleet profile,
// VMFleet 2.0 workload, DISKSPD line, DISKSPD XML profile, fio job file).
#include <filesystem>
#include <iterator>

#include "models/workload/diskspd_regions.hpp"
#include "tools/frontend/base/quantity_format.hpp"
#include "tools/frontend/input/diskspd_parser.hpp"
#include "tools/frontend/input/diskspd_xml.hpp"
#include "tools/frontend/input/fio_job_parser.hpp"
#include "tools/frontend/input/scenario_sections.hpp"
#include "tools/frontend/input/vmfleet2_workloads.hpp"
#include "tools/frontend/input/yaml_reader.hpp"

namespace hcisim::frontend::scenario_sections {

namespace {

// diskspd: one command line, or a list of them (one target each, all on the VM's file).
models::DiskspdSpec read_diskspd_lines(const YamlValue& value) {
  if (!value.is_list()) return parse_diskspd_command(value.text());
  const std::vector<YamlValue> items = value.items();
  if (items.empty()) value.fail_expected("a DISKSPD command line, or a list of them (one per target)");
  models::DiskspdSpec spec;
  for (std::size_t i = 0; i < items.size(); ++i) {
    models::DiskspdSpec one;
    try {
      one = parse_diskspd_command(items[i].text());
    } catch (const DiskspdError& e) {
      items[i].fail(e.what());
    }
    if (i == 0) {
      spec = one;
      continue;
    }
    if (one.file_bytes != 0 && spec.file_bytes != 0 && one.file_bytes != spec.file_bytes) {
      items[i].fail("its -c differs from an earlier line's: the targets share the VM's one file");
    }
    if (spec.file_bytes == 0) spec.file_bytes = one.file_bytes;
    spec.targets.push_back(one.targets.front());
  }
  return spec;
}

}  // namespace

std::filesystem::path profile_path(const YamlValue& value) {
  const std::filesystem::path path(value.text());
  const std::filesystem::path from(value.file());
  std::error_code ec;
  if (path.is_absolute() || !std::filesystem::is_regular_file(from, ec)) return path;
  return from.parent_path() / path;
}

Workload read_workload(const YamlValue& value) {
  std::vector<std::string> allowed(std::begin(kWorkloadForms), std::end(kWorkloadForms));
  allowed.insert(allowed.end(), {"file_size", "threads", "outstanding", "iops_per_vm"});
  const YamlMap map = value.map(allowed);
  std::optional<YamlValue> sources[std::size(kWorkloadForms)];
  for (std::size_t i = 0; i < std::size(kWorkloadForms); ++i) sources[i] = map.optional(kWorkloadForms[i]);
  int given = 0;
  for (const auto& s : sources) given += s.has_value();
  if (given != 1) {
    map.fail("expected exactly one of vmfleet (like B4-T2-O32-W0-PR), vmfleet2 (like General4KWriteRatio30), "
             "diskspd (like \"-b4K -t2 -o32 -w0 -r\", or a list of lines, one per target), xml (a DISKSPD "
             "profile file) or fio (a fio job file)");
  }
  const auto& [vmfleet, vmfleet2, diskspd, xml, fio] = sources;
  const YamlValue& line = vmfleet ? *vmfleet : vmfleet2 ? *vmfleet2 : diskspd ? *diskspd : xml ? *xml : *fio;
  models::DiskspdSpec spec;
  try {
    if (vmfleet) spec = parse_vmfleet_profile(line.text());
    if (vmfleet2) spec = vmfleet2_workload(line.text());
    if (diskspd) spec = read_diskspd_lines(line);
    if (xml) {
      spec = read_diskspd_xml(profile_path(line));
      spec.profile = line.text();
    }
    if (fio) {
      spec = read_fio_job_file(profile_path(line));  // its errors name the job file's line
      spec.profile = "fio " + line.text();
    }
  } catch (const DiskspdError& e) {
    line.fail(e.what());
  }
  for (const models::DiskspdTarget& t : spec.targets) {
    if (!t.software_cache_disabled) {
      line.fail("the guest file cache is on (no -Sh); hcisim models unbuffered I/O only: add -Sh, as VMFleet does");
    }
  }
  // What-ifs over the line: -t and -o of every target (e.g. a sweep over the queue depth).
  if (const auto threads = map.optional("threads")) {
    for (models::DiskspdTarget& t : spec.targets) t.threads = static_cast<int>(threads->integer(1, 65536));
  }
  if (const auto outstanding = map.optional("outstanding")) {
    for (models::DiskspdTarget& t : spec.targets) t.outstanding = static_cast<int>(outstanding->integer(1, 65536));
  }
  // VMFleet 2.0's per-VM IOPS target (QOSperVM): DISKSPD's -g on every thread.
  if (const auto iops = map.optional("iops_per_vm")) {
    const double target = iops->count();
    if (!(target >= 1 && target <= 1e9)) iops->fail_expected("an IOPS target from 1 to 10^9 per VM");
    try {
      apply_iops_per_vm(spec, target);
    } catch (const DiskspdError& e) {
      iops->fail(e.what());
    }
  }
  YamlValue file_size_key = line;
  const auto given_size = map.optional("file_size");
  // A file_size written in another file than the form (an included file's, for the form this
  // file replaced: replace_workload_form) gives way to a size the new form states itself.
  const bool size_elsewhere = given_size && given_size->node().file_name() != line.node().file_name();
  if (const auto file_size = size_elsewhere && spec.file_bytes != 0 ? std::nullopt : given_size) {
    if (spec.file_bytes != 0) {
      file_size->fail(fio   ? "the file size is given twice: here and as size= in the fio job file"
                      : xml ? "the file size is given twice: here and as FileSize in the profile"
                            : "the file size is given twice: here and as -c in the diskspd line");
    }
    spec.file_bytes = file_size->size();
    file_size_key = *file_size;
  }
  if (spec.file_bytes == 0) {
    map.fail("expected the working set per VM: file_size (like 10GiB) or -c in the diskspd line");
  }
  for (const models::DiskspdTarget& t : spec.targets) {
    if (spec.file_bytes < t.block_bytes) {
      map.fail("expected a file size of at least one block (" + format_size(t.block_bytes) + "), got " +
               format_size(spec.file_bytes));
    }
  }
  // Flag combinations and regions the model cannot run (-rs with -s, a region without a block, ...).
  try {
    models::check_diskspd(spec);
  } catch (const std::invalid_argument& e) {
    line.fail(e.what());
  }
  for (const models::DiskspdTarget& t : spec.targets) {
    if (t.random_align_bytes > spec.file_bytes - t.block_bytes && t.random_align_bytes > t.block_bytes) {
      line.fail("the random alignment (-r" + format_size(t.random_align_bytes) + ") leaves a single position in the " +
                format_size(spec.file_bytes) + " file; expected an alignment that fits the file at least twice");
    }
  }
  return {spec, file_size_key};
}

}  // namespace hcisim::frontend::scenario_sections
