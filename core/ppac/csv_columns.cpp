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

bool contains(std::string_view s, std::initializer_list<std::string_view> words)
{
    return std::any_of(words.begin(), words.end(), [&](std::string_view w) { return s.find(w) != s.npos; });
}

bool endsWithId(std::string_view s)
{
    return s.ends_with("id") || s.ends_with("idx") || s.ends_with("_index") || s.ends_with("_token");
}

// 3: a name this role's column is known by; 2: the role's word and an id; 1: the role's word; 0.
int score(Role role, std::string_view n)
{
    // Columns about another step or another object name the role but are not it.
    if (contains(n, { "previous", "prev_", "last_", "next_", "parent", "session" }))
        return 0;
    switch (role) {
    case User: {
        static constexpr std::array<std::string_view, 14> exact
            = { "user", "user_id", "userid", "uid", "user_idx", "user_index", "customer_id", "customerid", "visitor_id",
                  "visitorid", "reviewer_id", "reviewerid", "member_id", "u" };
        if (std::find(exact.begin(), exact.end(), n) != exact.end())
            return 3;
        const bool word = contains(n, { "user", "customer", "visitor", "reviewer", "member", "client" });
        return word ? (endsWithId(n) ? 2 : 1) : 0;
    }
    case Item: {
        static constexpr std::array<std::string_view, 22> exact = { "item", "item_id", "itemid", "iid", "item_idx",
            "item_index", "movie", "movie_id", "movieid", "product", "product_id", "productid", "asin", "article_id",
            "business_id", "track_id", "song_id", "book_id", "isbn", "poi_id", "venue_id", "i" };
        if (std::find(exact.begin(), exact.end(), n) != exact.end())
            return 3;
        const bool word = contains(
            n, { "item", "movie", "product", "article", "business", "track", "song", "book", "poi", "venue", "asin" });
        return word ? (endsWithId(n) ? 2 : 1) : 0;
    }
    case Rating:
        if (n == "rating" || n == "score" || n == "stars" || n == "rate" || n == "overall")
            return 3;
        return contains(n, { "rating", "score", "star" }) ? 2 : 0;
    case Time:
        if (n == "timestamp" || n == "time" || n == "ts" || n == "unixreviewtime" || n == "unix_time")
            return 3;
        return contains(n, { "timestamp", "time" }) ? 2 : 0;
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
    const CsvColumns c = pickCsvColumns(names);
    return c.user >= 0 || c.item >= 0;
}

} // namespace vantage::ppac
