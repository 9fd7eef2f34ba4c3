// cvc5's checks (smtlib_reader.hpp) through clpi's cvc5 module (cvc5/module.hpp), loaded the
// first time they are asked for, so that a run without --validate does not pay for cvc5's
// library at its start.
#include <dlfcn.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <optional>
#include <system_error>

#include <fmt/format.h>

#include "certificate/smtlib_reader.hpp"
#include "cvc5/module.hpp"

namespace clpi {

namespace {

struct Module {
    cvc5_module::WarmUp* warm_up = nullptr;
    cvc5_module::Run* run = nullptr;
    cvc5_module::RunBlocks* run_blocks = nullptr;
    std::string error;  // why it is not there
};

// The module next to the executable (where the build puts it beside clpi), else wherever
// the dynamic loader finds it (a program that links it, as the tests do; LD_LIBRARY_PATH).
Module load() {
    Module m;
    void* handle = nullptr;
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) handle = dlopen((exe.parent_path() / cvc5_module::file_name).c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) handle = dlopen(cvc5_module::file_name, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* why = dlerror();
        m.error = fmt::format("cvc5's checks could not be loaded ({}, built beside clpi): {}",
                              cvc5_module::file_name, why != nullptr ? why : "not found");
        return m;
    }
    m.warm_up = reinterpret_cast<cvc5_module::WarmUp*>(dlsym(handle, cvc5_module::warm_up_symbol));
    m.run = reinterpret_cast<cvc5_module::Run*>(dlsym(handle, cvc5_module::run_symbol));
    m.run_blocks = reinterpret_cast<cvc5_module::RunBlocks*>(dlsym(handle, cvc5_module::run_blocks_symbol));
    if (m.warm_up == nullptr || m.run == nullptr || m.run_blocks == nullptr) {
        m = Module{};
        m.error = fmt::format("{} does not have cvc5's checks (a module of another clpi?)", cvc5_module::file_name);
    }
    return m;
}

std::mutex module_lock;
std::optional<std::shared_future<Module>> module;

const Module& loaded() {
    {
        std::lock_guard<std::mutex> hold(module_lock);
        if (!module) module = std::async(std::launch::deferred, load).share();
    }
    return module->get();
}

}  // namespace

void warm_up_cvc5() {
    std::lock_guard<std::mutex> hold(module_lock);
    if (module) {
        // Loaded already for a check asked before: its solvers are still to be set up. (A
        // load in progress is this function's own, which sets them up after it.)
        if (module->wait_for(std::chrono::seconds(0)) != std::future_status::timeout) {
            if (const Module& m = module->get(); m.warm_up != nullptr) m.warm_up();
        }
        return;
    }
    // Loading the module (its libraries' relocations and initialisers) is part of the set-up
    // that overlaps the search: on a thread of its own, as the solver's set-up after it.
    module = std::async(std::launch::async, [] {
                 Module m = load();
                 if (m.warm_up != nullptr) m.warm_up();
                 return m;
             }).share();
}

std::string cvc5_unavailable() { return loaded().error; }

std::string run_smtlib_in_cvc5(std::string_view script, double timeout_s,
                               const std::function<bool(const std::string&)>& on_answer, bool suspect_slow) {
    const Module& m = loaded();
    if (m.run == nullptr) return m.error;
    std::string error;
    m.run(script, timeout_s, suspect_slow, on_answer, error);
    return error;
}

std::string run_smtlib_blocks_in_cvc5(std::string_view prefix, const std::vector<std::string_view>& blocks,
                                      double timeout_s, bool suspect_slow, double budget_s,
                                      std::vector<std::string>& answers) {
    const Module& m = loaded();
    answers.assign(blocks.size(), "");
    if (m.run_blocks == nullptr) return m.error;
    std::string error;
    m.run_blocks(prefix, blocks, timeout_s, suspect_slow, budget_s, answers, error);
    return error;
}

}  // namespace clpi
