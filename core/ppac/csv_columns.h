#pragma once
// Which columns of a CSV header hold the user, the item, the rating and the timestamp. Files from
// other tools name their columns many ways (userId, user_id, customer_id, visitorid; movieId, asin,
// article_id) and often carry more columns about the same things (user_name, item_type,
// previous_item_id): each column is scored for each role, a known id name above the role's bare
// word, above a word of the role with "id", above a name that only mentions the role; the best
// column wins, the leftmost of equals.

#include <string>
#include <vector>

namespace vantage::ppac {

struct CsvColumns {
    int user = -1;
    int item = -1;
    int rating = -1; // -1: none
    int timestamp = -1; // -1: none
};

// `names`: the header's fields, unquoted. Columns that fit no role are left out; user or item
// -1 when no column fits (the caller refuses the file).
CsvColumns pickCsvColumns(const std::vector<std::string>& names);

// Whether a first line looks like a header: a field is a known id column's name or has "user" or
// "item" in it (a data row customer_1,product_9 is not a header).
bool looksLikeCsvHeader(const std::vector<std::string>& names);

} // namespace vantage::ppac
