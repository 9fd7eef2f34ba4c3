// libFuzzer target: the CLP parser and checker must never crash, hang or overflow the
// stack, whatever bytes they are given. Diagnostics are produced and thrown away.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "clpi/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    clpi::Diagnostics diags;
    auto program = clpi::parse_program(text, "fuzz.clp", diags);
    if (program) (void)clpi::format_program(*program);
    (void)clpi::format_diagnostics(diags, text);
    return 0;
}
