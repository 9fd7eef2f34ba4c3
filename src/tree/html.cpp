// The derivation tree as one self-contained HTML page: the JSON document and a viewer that
// steps through the search event by event (tools/viewer/viewer.html, built in).
#include <string>

#include "clpi/tree.hpp"
#include "tree/viewer_html.hpp"

namespace clpi {

std::string tree_html(const Tree& t, const std::string& result_json) {
    std::string json = tree_json(t, result_json);
    // Inside <script>, "</" would end the element early.
    std::string safe;
    for (std::size_t i = 0; i < json.size(); ++i) {
        if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') {
            safe += "<\\/";
            ++i;
        } else {
            safe += json[i];
        }
    }
    std::string page(tree::viewer_html);
    const std::string marker = "@TREE_JSON@";
    page.replace(page.find(marker), marker.size(), safe);
    return page;
}

}  // namespace clpi
