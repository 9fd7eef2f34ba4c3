// Parsing with Clang (its preprocessor, its type checker, the data model's target), then
// lowering, simplifying and printing.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdlib.h>

#include <llvm/ADT/Triple.h>
#include <llvm/Support/Host.h>

#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include "c2clp/convert.hpp"
#include "emit.hpp"
#include "lowering.hpp"

namespace c2clp {

namespace {

// A folder with the empty header `gnu/stubs-32.h` that glibc's headers include for 32-bit
// targets and that only Debian's multilib packages install; removed when done.
class StubIncludeDir {
public:
    StubIncludeDir() {
        std::error_code ec;
        std::string pattern = (std::filesystem::temp_directory_path(ec) / "c2clp-XXXXXX").string();
        if (!ec && ::mkdtemp(pattern.data())) {
            path_ = pattern;
            std::filesystem::create_directories(path_ / "gnu", ec);
            std::ofstream(path_ / "gnu" / "stubs-32.h") << "/* 32-bit glibc stubs: none */\n";
        }
    }
    ~StubIncludeDir() {
        std::error_code ec;
        if (!path_.empty()) std::filesystem::remove_all(path_, ec);
    }
    StubIncludeDir(const StubIncludeDir&) = delete;
    StubIncludeDir& operator=(const StubIncludeDir&) = delete;
    [[nodiscard]] std::string path() const { return path_.string(); }

private:
    std::filesystem::path path_;
};

std::vector<std::string> clang_arguments(const Options& o, const std::string& stub_dir) {
    // Generated C (program reducers, unrolled code) nests blocks deeper than Clang's default
    // of 256 brackets; 4096 still leaves the parser's recursion well within the stack.
    std::vector<std::string> args{"-xc", "-std=gnu11", "-fsyntax-only", "-fbracket-depth=4096",
                                  "-resource-dir=" C2CLP_CLANG_RESOURCE_DIR};
    llvm::Triple host(llvm::sys::getDefaultTargetTriple());
    if (o.data_model == DataModel::ilp32) {
        args.push_back("--target=i686-pc-linux-gnu");
        // The host's glibc headers serve 32-bit code too (as with gcc -m32).
        if (host.isOSLinux() && host.getArch() != llvm::Triple::x86) {
            args.push_back("-idirafter");
            args.push_back("/usr/include/" + host.getArchName().str() + "-linux-gnu");
            args.push_back("-idirafter");
            args.push_back(stub_dir);
        }
    } else {
        args.push_back("--target=x86_64-pc-linux-gnu");
    }
    args.insert(args.end(), o.clang_args.begin(), o.clang_args.end());
    return args;
}

const clang::FunctionDecl* find_entry(clang::ASTContext& ctx, const std::string& name) {
    for (const clang::Decl* d : ctx.getTranslationUnitDecl()->decls()) {
        const auto* f = llvm::dyn_cast<clang::FunctionDecl>(d);
        if (f && f->getNameAsString() == name && f->hasBody()) return f;
    }
    return nullptr;
}

void report(clang::ASTUnit& ast, clang::DiagnosticsEngine::Level level,
            clang::SourceLocation loc, const std::string& message) {
    clang::DiagnosticsEngine& d = ast.getDiagnostics();
    d.getClient()->BeginSourceFile(ast.getLangOpts(), &ast.getPreprocessor());
    d.Report(loc, d.getCustomDiagID(level, "%0")) << message;
    d.getClient()->EndSourceFile();
}

}  // namespace

Conversion convert_file(const std::string& file, const Options& options) {
    Conversion result;
    // A .i file (already preprocessed) is read as C too: its line markers are C
    // preprocessor syntax, so the lines of the original source survive.
    StubIncludeDir stubs;
    std::vector<std::string> args = clang_arguments(options, stubs.path());
    // The file is read here and handed to Clang under the name the user gave, so that
    // diagnostics name it that way (a compilation database would make it absolute).
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        std::cerr << file << ": error: cannot read the file\n";
        return result;
    }
    std::ostringstream code;
    code << in.rdbuf();
    std::unique_ptr<clang::ASTUnit> unit =
        clang::tooling::buildASTFromCodeWithArgs(code.str(), args, file, "c2clp");
    if (!unit || unit->getDiagnostics().hasErrorOccurred()) return result;
    clang::ASTUnit& ast = *unit;
    clang::ASTContext& ctx = ast.getASTContext();
    const clang::FunctionDecl* entry = find_entry(ctx, options.entry);
    if (!entry) {
        auto loc = ctx.getSourceManager().getLocForStartOfFile(ctx.getSourceManager().getMainFileID());
        report(ast, clang::DiagnosticsEngine::Error, loc,
               "no function `" + options.entry + "` with a body to start from");
        return result;
    }
    Notes notes;
    Lowering lowering(ctx, options, notes);
    Flow flow;
    try {
        flow = lowering.run(entry);
    } catch (const LocatedRefusal& r) {
        report(ast, clang::DiagnosticsEngine::Error, r.loc, r.message);
        return result;
    }
    for (const auto& [name, loc] : lowering.bodiless()) {
        report(ast, clang::DiagnosticsEngine::Warning, loc,
               "`" + name + "` has no body: each call returns an arbitrary value of its type");
    }
    remove_skips(flow);
    thread_known_dispatches(flow);
    if (options.large_blocks) {
        merge_blocks(flow);
        thread_known_dispatches(flow);
    }
    compact(flow);
    // emit_clp prints canonical CLP (what `clpi fmt` prints), so it is not parsed again
    // here: on a large program that would take most of the conversion's time, and `clpi
    // verify` parses it anyway. The tests check that every example's text is canonical.
    std::vector<const Edge*> rules;
    result.clp = emit_clp(flow, file, options, &rules);
    result.witness_map = witness_map_json(flow, rules, file, code.str(), options);
    result.report = notes.lines();
    result.ok = true;
    return result;
}

}  // namespace c2clp
