#include "ppac/csv_columns.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace vantage::ppac {

namespace {

enum Role {
    User,
    Item,
    Rating,
    Time,
    Roles
};

// Lower case, with spaces, '-' and '.' read as '_' ("User ID", "user-id", "user.id").
std::string normalised(const std::string& name)
{
    std::string out;
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        out += c == ' ' || c == '-' || c == '.' ? '_' : static_cast<char>(std::tolower(u));
    }
    return out;
}

// Whether a word of the name (split at '_') is one of `words`, alone or with an id suffix
// ("user", "userid", "visitorid", "movies"); "points" is not "poi", nor "booking" "book".
bool hasWord(std::string_view name, std::initializer_list<std::string_view> words)
{
    std::size_t start = 0;
    while (start <= name.size()) {
        const auto end = std::min(name.find('_', start), name.size());
        const std::string_view token = name.substr(start, end - start);
        for (std::string_view w : words)
            if (token.starts_with(w)) {
                const std::string_view rest = token.substr(w.size());
                if (rest.empty() || rest == "id" || rest == "idx" || rest == "ids" || rest == "s")
                    return true;
            }
        start = end + 1;
    }
    return false;
}

bool endsWithId(std::string_view s)
{
    return s.ends_with("id") || s.ends_with("idx") || s.ends_with("_index") || s.ends_with("_token");
}

bool isOneOf(std::string_view n, std::initializer_list<std::string_view> names)
{
    return std::find(names.begin(), names.end(), n) != names.end();
}

// 4: a name an id column of this role is known by ("user_id", "movieId", "asin"); 3: the role's bare
// word ("user", "item"), which may hold names as well as ids; 2: a word of the role with an id
// ("visitor_idx"); 1: a word of the role ("user_name"); 0.
int score(Role role, std::string_view n)
{
    // Columns about another step or another object name the role but are not it.
    if (hasWord(n, { "previous", "prev", "last", "next", "parent", "session" }))
        return 0;
    switch (role) {
    case User: {
        if (isOneOf(n,
                { "user_id", "userid", "uid", "user_idx", "user_index", "customer_id", "customerid", "visitor_id",
                    "visitorid", "reviewer_id", "reviewerid", "member_id", "memberid", "client_id", "clientid" }))
            return 4;
        if (isOneOf(n, { "user", "u", "customer", "visitor", "reviewer", "member", "client" }))
            return 3;
        const bool word = hasWord(n, { "user", "customer", "visitor", "reviewer", "member", "client" });
        return word ? (endsWithId(n) ? 2 : 1) : 0;
    }
    case Item: {
        if (isOneOf(n,
                { "item_id", "itemid", "iid", "item_idx", "item_index", "movie_id", "movieid", "product_id",
                    "productid", "asin", "article_id", "articleid", "business_id", "track_id", "song_id", "book_id",
                    "isbn", "poi_id", "venue_id", "location_id" }))
            return 4;
        if (isOneOf(
                n, { "item", "i", "movie", "product", "article", "business", "track", "song", "book", "poi", "venue" }))
            return 3;
        const bool word = hasWord(
            n, { "item", "movie", "product", "article", "business", "track", "song", "book", "poi", "venue", "asin" });
        return word ? (endsWithId(n) ? 2 : 1) : 0;
    }
    case Rating:
        if (isOneOf(n, { "rating", "score", "stars", "rate", "overall" }))
            return 4;
        return hasWord(n, { "rating", "score", "star" }) ? 2 : 0;
    case Time:
        if (isOneOf(n, { "timestamp", "time", "ts", "unixreviewtime", "unix_time" }))
            return 4;
        return n.find("time") != n.npos ? 2 : 0; // event_time, datetime
    case Roles:
        break;
    }
    return 0;
}

} // namespace

CsvColumns pickCsvColumns(const std::vector<std::string>& names)
{
    std::vector<std::string> n;
    for (const auto& name : names)
        n.push_back(normalised(name));
    std::array<int, Roles> chosen{ -1, -1, -1, -1 };
    // Roles in order of importance; a column serves one role, the first (leftmost) of equals wins.
    for (int role = User; role < Roles; ++role) {
        int best = 0;
        for (std::size_t c = 0; c < n.size(); ++c) {
            const int col = static_cast<int>(c);
            if (std::find(chosen.begin(), chosen.end(), col) != chosen.end())
                continue;
            const int s = score(static_cast<Role>(role), n[c]);
            if (s > best) {
                best = s;
                chosen[static_cast<std::size_t>(role)] = col;
            }
        }
    }
    return { chosen[User], chosen[Item], chosen[Rating], chosen[Time] };
}

bool looksLikeCsvHeader(const std::vector<std::string>& names)
{
    // A known id column's name, or any name with "user" or "item" in it; a data row such as
    // customer_1,product_9 holds words of the roles but no such name.
    for (const auto& name : names) {
        const std::string n = normalised(name);
        if (score(User, n) >= 2 || score(Item, n) >= 2 || n.find("user") != n.npos || n.find("item") != n.npos)
            return true;
    }
    return false;
}

} // namespace vantage::ppac
