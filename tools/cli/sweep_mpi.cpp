// A sweep over the ranks of an MPI job (Boost.MPI): rank 0 hands out points
// one at a time and gets each row back; the other ranks compute. Without
// Boost.MPI at build time (HCISIM_HAVE_MPI undefined) the program says so.
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "tools/cli/sweep_mpi.hpp"

#ifdef HCISIM_HAVE_MPI
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/serialization/string.hpp>
#endif

namespace hcisim::cli {

using frontend::PointDone;
using frontend::PointName;
using frontend::PointOutcome;
using frontend::PointQueue;
using frontend::PointWork;
using frontend::run_on_threads;

bool launched_by_mpirun() {
  // Open MPI's and the PMI launchers' size of the job.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && std::atoi(value) > 1) return true;
  }
  return false;
}

#ifndef HCISIM_HAVE_MPI

bool mpi_available() { return false; }
int mpi_rank() { return 0; }

bool run_on_mpi(const PointQueue&, const PointWork&, const PointDone&, const PointName&) {
  throw std::runtime_error("MPI is not available: this hcisim was built without Boost.MPI (install libboost-mpi-dev "
                           "and openmpi-bin, then configure again); run the sweep without mpirun to use this "
                           "machine's cores");
}

#else

namespace {

namespace mpi = boost::mpi;

enum Tag { kReady = 1, kRow = 2, kFailed = 3, kWork = 4 };

mpi::environment& environment() {
  static mpi::environment env;  // MPI_Init on first use, MPI_Finalize at exit
  return env;
}

}  // namespace

bool mpi_available() { return true; }

int mpi_rank() {
  environment();
  return mpi::communicator().rank();
}

namespace {
// An outcome as one message: the row and the inputs (MPI carries text).
std::string message_of(std::size_t index, const PointOutcome& outcome) {
  return std::to_string(index) + "\n" + nlohmann::json{{"row", outcome.row}, {"inputs", outcome.inputs}}.dump();
}
}  // namespace

bool run_on_mpi(const PointQueue& queue, const PointWork& work, const PointDone& done, const PointName& name) {
  environment();
  mpi::communicator world;
  if (world.size() < 2) {
    run_on_threads(queue, 1, work, done, name);
    return true;
  }
  if (world.rank() == 0) {
    int active = world.size() - 1;
    std::string failure;
    while (active > 0) {
      const mpi::status status = world.probe(mpi::any_source, mpi::any_tag);
      std::string message;
      world.recv(status.source(), status.tag(), message);
      try {
        if (status.tag() == kRow) {
          const auto newline = message.find('\n');
          const std::size_t index = std::stoull(message.substr(0, newline));
          const nlohmann::json both = nlohmann::json::parse(message.substr(newline + 1));
          const PointOutcome outcome{both.at("row"), both.at("inputs").get<frontend::InputDigests>()};
          try {
            done(index, outcome);
          } catch (const std::exception& e) {
            throw std::runtime_error(name(index) + ": " + e.what());
          }
        } else if (status.tag() == kFailed && failure.empty()) {
          failure = message;
        }
      } catch (const std::exception& e) {
        if (failure.empty()) failure = e.what();
      }
      long long reply = -1;
      if (failure.empty()) {
        try {
          if (const auto index = queue.next()) reply = static_cast<long long>(*index);
        } catch (const std::exception& e) {
          failure = e.what();
        }
      }
      world.send(status.source(), kWork, reply);
      if (reply < 0) --active;
    }
    if (!failure.empty()) throw std::runtime_error(failure);
    return true;
  }
  world.send(0, kReady, std::string());
  for (;;) {
    long long index = -1;
    world.recv(0, kWork, index);
    if (index < 0) break;
    const auto at = static_cast<std::size_t>(index);
    try {
      world.send(0, kRow, message_of(at, work(at)));
    } catch (const std::exception& e) {
      world.send(0, kFailed, name(at) + ": " + e.what());
    }
  }
  return false;
}

#endif

}  // namespace hcisim::cli
